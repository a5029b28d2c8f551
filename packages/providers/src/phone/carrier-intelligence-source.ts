// SignalSource "carrier_intelligence": the current carrier, line type and caller name from Twilio Lookup (when a key
// is configured) and the block's original carrier from the NANPA code assignments (when synced), matched against the
// flagged high-risk carriers -> carrier, line_type, caller_name, high_risk_carrier.
import type { Clock, Evidence, Factor, NormalizedPhone, PhoneRegistryStore, SignalSource } from "@scamverify/core";
import { matchHighRiskCarrier, type HighRiskCarrier } from "./high-risk-carriers.js";
import type { CarrierInfo, TwilioLookupClient } from "./twilio-lookup.js";

export const CARRIER_INTELLIGENCE_SOURCE = "carrier_intelligence";
const BLOCKS_RECHECK_MS = 10 * 60_000;

const LINE_TYPE_FACTORS: Readonly<Record<string, readonly [number, string]>> = {
  nonFixedVoip: [25, "Non-fixed VoIP line: obtainable online without identity checks, common in scam calls"],
  fixedVoip: [8, "Fixed VoIP line"],
  voicemail: [15, "Voicemail-only number"],
  pager: [15, "Pager number"],
};

export interface CarrierIntelligenceDeps {
  readonly clock: Clock;
  readonly twilio?: TwilioLookupClient;
  /** Code blocks for the original carrier; omitted when NANPA data is not used. */
  readonly store?: Pick<PhoneRegistryStore, "findCodeBlock" | "countCodeBlocks">;
  readonly highRiskCarriers?: readonly HighRiskCarrier[];
}

export function createCarrierIntelligenceSource(deps: CarrierIntelligenceDeps): SignalSource<NormalizedPhone> {
  let blocksKnown: { at: number; yes: boolean } | null = null;
  const haveBlocks = async (): Promise<boolean> => {
    if (!deps.store) return false;
    const now = deps.clock.now().getTime();
    if (blocksKnown && now - blocksKnown.at < BLOCKS_RECHECK_MS) return blocksKnown.yes;
    blocksKnown = { at: now, yes: (await deps.store.countCodeBlocks()) > 0 };
    return blocksKnown.yes;
  };

  return {
    name: CARRIER_INTELLIGENCE_SOURCE,
    weight: 0.6,
    timeoutMs: 5000,
    async check(input, ctx): Promise<Evidence> {
      const factors: Factor[] = [];
      const add = (id: string, label: string, points: number): void => {
        factors.push({ id, source: CARRIER_INTELLIGENCE_SOURCE, label, points });
      };
      const [vendor, block] = await Promise.all([
        deps.twilio ? deps.twilio.lookup(input, ctx.signal) : Promise.resolve(null),
        (async () => {
          try {
            if (!(await haveBlocks())) return null;
            return { block: await deps.store!.findCodeBlock(input.npa, input.nxx) };
          } catch {
            return null;
          }
        })(),
      ]);
      const info: CarrierInfo | null = vendor?.ok ? vendor.value : null;
      if (!info && !block) {
        return {
          source: CARRIER_INTELLIGENCE_SOURCE,
          status: vendor ? "unavailable" : "skipped",
          reason: vendor && !vendor.ok ? vendor.reason : "no carrier lookup is configured",
          signals: { carrier: null, line_type: null, caller_name: null, high_risk_carrier: null },
          factors: [],
        };
      }
      if (info?.valid === false)
        add("carrier_invalid_number", "The carrier database says this number is not valid", 40);
      const lineFactor = info?.lineType ? LINE_TYPE_FACTORS[info.lineType] : undefined;
      if (lineFactor) add(`line_type_${info?.lineType}`, lineFactor[1], lineFactor[0]);
      const original = block?.block ?? null;
      if (block && original === null) {
        add(
          "exchange_not_assigned",
          `NANPA lists no carrier for ${input.npa}-${input.nxx}: the exchange is not assigned, so the caller ID is likely spoofed`,
          50,
        );
      }
      const list = deps.highRiskCarriers;
      const flagged =
        (info?.carrier ? matchHighRiskCarrier({ name: info.carrier }, list) : null) ??
        (original ? matchHighRiskCarrier({ name: original.company, ocn: original.ocn }, list) : null);
      if (flagged) {
        add(
          "high_risk_carrier",
          `Carrier ${flagged.name} is flagged for scam and robocall traffic (${flagged.source})`,
          flagged.points,
        );
      }
      const knownCarrier = info?.carrier ?? original?.company ?? null;
      factors.sort((a, b) => b.points - a.points);
      return {
        source: CARRIER_INTELLIGENCE_SOURCE,
        status: vendor && !vendor.ok ? "unavailable" : "ok",
        ...(vendor && !vendor.ok ? { reason: vendor.reason } : {}),
        signals: {
          carrier: knownCarrier,
          line_type: info?.lineType ?? null,
          caller_name: info?.callerName ?? null,
          high_risk_carrier: knownCarrier === null ? null : flagged !== null,
        },
        factors,
      };
    },
  };
}
