// SignalSource "complaint_registry": the FTC and FCC complaint aggregates of the in-memory PhoneRegistry mapped to the
// phone signals (ftc_complaints, fcc_complaints, robocall_detected, first/last_reported_at, top_subjects) and factors
// whose weight grows with the number of complaints and fades with the age of the last one.
import type { Clock, Evidence, Factor, NormalizedPhone, SignalSource } from "@scamverify/core";
import type { PhoneRegistry, RegistryEntry } from "./phone-registry-index.js";

export const COMPLAINT_REGISTRY_SOURCE = "complaint_registry";
const DAY_MS = 86_400_000;

const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Percent risk implied by n complaints: 1 → 30, 3 → 42, 10 → 55, 100 → 80, capped at 90. */
export function complaintPoints(n: number): number {
  if (n <= 0) return 0;
  return Math.min(90, Math.round(30 + 25 * Math.log10(n)));
}

/** Older reports say less about who holds the number today (numbers are reassigned). */
export function recencyWeight(daysSinceLast: number): number {
  if (daysSinceLast <= 30) return 1;
  if (daysSinceLast <= 180) return 0.85;
  if (daysSinceLast <= 365) return 0.7;
  if (daysSinceLast <= 3 * 365) return 0.5;
  return 0.3;
}

/** Which registries hold data: a source never synced reports null, not zero. */
export interface LoadedSources {
  readonly ftc: boolean;
  readonly fcc: boolean;
}

const BOTH: LoadedSources = { ftc: true, fcc: true };

export function complaintEvidence(entry: RegistryEntry | null, today: number, loaded: LoadedSources = BOTH): Evidence {
  const ftcCount = (n: number): number | null => (loaded.ftc ? n : null);
  const fccCount = (n: number): number | null => (loaded.fcc ? n : null);
  if (entry === null) {
    return {
      source: COMPLAINT_REGISTRY_SOURCE,
      status: "ok",
      signals: {
        ftc_complaints: ftcCount(0),
        fcc_complaints: fccCount(0),
        robocall_detected: false,
        first_reported_at: null,
        last_reported_at: null,
        top_subjects: [],
      },
      factors: [
        {
          id: "no_registry_complaints",
          source: COMPLAINT_REGISTRY_SOURCE,
          label: `No complaints about this number in the ${loaded.ftc && loaded.fcc ? "FTC or FCC registries" : loaded.ftc ? "FTC registry" : "FCC registry"}`,
          points: -5,
        },
      ],
    };
  }
  const age = Math.max(0, today - entry.lastDay);
  const w = recencyWeight(age);
  const when = age <= 1 ? "within the last day" : `last ${age} days ago`;
  const factors: Factor[] = [];
  const add = (id: string, label: string, points: number): void => {
    factors.push({ id, source: COMPLAINT_REGISTRY_SOURCE, label, points: Math.round(points) });
  };
  if (entry.ftcComplaints > 0) {
    const n = entry.ftcComplaints;
    add("ftc_complaints", `${n} FTC Do Not Call complaint${n === 1 ? "" : "s"} (${when})`, complaintPoints(n) * w);
  }
  if (entry.fccComplaints > 0) {
    const n = entry.fccComplaints;
    add(
      "fcc_complaints",
      `${n} FCC unwanted-call complaint${n === 1 ? "" : "s"} (${when})`,
      complaintPoints(n) * 0.9 * w,
    );
  }
  if (entry.robocalls > 0) {
    add("robocall_reported", `Reported as a robocall or prerecorded message ${entry.robocalls} time(s)`, 25 * w);
  }
  const total = entry.ftcComplaints + entry.fccComplaints;
  // Many recent complaints from independent consumers are close to conclusive on their own.
  const floor = total >= 10 && age <= 365 ? 65 : total >= 3 && age <= 90 ? 40 : 0;
  factors.sort((a, b) => b.points - a.points);
  return {
    source: COMPLAINT_REGISTRY_SOURCE,
    status: "ok",
    signals: {
      ftc_complaints: ftcCount(entry.ftcComplaints),
      fcc_complaints: fccCount(entry.fccComplaints),
      robocall_detected: entry.robocalls > 0,
      first_reported_at: isoDay(entry.firstDay),
      last_reported_at: isoDay(entry.lastDay),
      top_subjects: [...entry.subjects],
    },
    factors,
    ...(floor > 0 ? { floor } : {}),
  };
}

export function createComplaintRegistrySource(deps: {
  readonly registry: PhoneRegistry;
  readonly clock: Clock;
}): SignalSource<NormalizedPhone> {
  return {
    name: COMPLAINT_REGISTRY_SOURCE,
    weight: 0.9,
    timeoutMs: 250,
    async check(input) {
      const loaded = { ftc: deps.registry.hasSource("ftc"), fcc: deps.registry.hasSource("fcc") };
      if (!deps.registry.loaded || (!loaded.ftc && !loaded.fcc)) {
        return {
          source: COMPLAINT_REGISTRY_SOURCE,
          status: "skipped",
          reason: deps.registry.loaded
            ? "the complaint registry holds no data yet"
            : "the complaint registry has not been loaded",
          signals: {
            ftc_complaints: null,
            fcc_complaints: null,
            robocall_detected: null,
            first_reported_at: null,
            last_reported_at: null,
            top_subjects: [],
          },
          factors: [],
        };
      }
      const today = Math.floor(deps.clock.now().getTime() / DAY_MS);
      return complaintEvidence(deps.registry.lookup(`${input.npa}${input.nxx}${input.line}`), today, loaded);
    },
  };
}
