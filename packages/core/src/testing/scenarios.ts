// One scenario table over every face. Rows are derived from the channel registry (each channel's magic inputs and
// sample bodies), so a new channel adds rows, not suites: the HTTP, CLI and MCP test files each run the same rows
// through their face and compare the outcome, the verdict, the cache flag and the quota change.
import { describe, expect, it } from "vitest";
import type { ErrorCode } from "../errors.js";
import type { AnyChannel } from "../channels/define-channel.js";
import type { ChannelRegistry } from "../channels/registry.js";
import type { Verdict } from "../schemas/common.js";
import { headerChannelOf } from "../usecases/check.js";

/** Which credential the call carries. */
export type KeyKind = "live" | "test" | "none" | "invalid";

export interface Scenario {
  readonly name: string;
  readonly channel: AnyChannel;
  readonly body: Record<string, unknown>;
  readonly key: KeyKind;
  readonly expected: {
    readonly outcome: "ok" | ErrorCode;
    readonly verdict?: Verdict;
    readonly cached?: boolean;
    /** Change of the live account's counter of `quotaChannel` (0 when none is charged). */
    readonly quotaDelta: number;
  };
  /** The quota channel whose counter the row watches; null when the channel charges none. */
  readonly quotaChannel: string | null;
}

/** What a face saw when it made a scenario's call. */
export interface FaceOutcome {
  readonly outcome: "ok" | ErrorCode;
  readonly verdict?: Verdict;
  readonly cached?: boolean;
}

export interface FaceDriver {
  /** Makes the call through the face; "skip" when the face has no such credential (an embedded MCP has no key). */
  call(s: Scenario): Promise<FaceOutcome | "skip">;
  /** The live account's counter of a quota channel. */
  used(channel: string): Promise<number>;
  close(): Promise<void>;
}

/** The rows of one channel, in the order they must run (the second live call relies on the first's cache). */
export function channelScenarios(def: AnyChannel): Scenario[] {
  const quotaChannel = headerChannelOf(def);
  const charge = quotaChannel === null ? 0 : 1;
  const first = def.magic[0];
  const rows: Scenario[] = def.magic.map((m) => ({
    name: `${def.id}: a test key's magic input ${m.input.slice(0, 40)} reads ${m.verdict}, free`,
    channel: def,
    body: def.samples.magicBody(m),
    key: "test",
    expected: { outcome: "ok", verdict: m.verdict, cached: false, quotaDelta: 0 },
    quotaChannel,
  }));
  if (first !== undefined) {
    const body = def.samples.magicBody(first);
    rows.push(
      {
        name: `${def.id}: a live key's first call is computed and costs ${charge}`,
        channel: def,
        body,
        key: "live",
        expected: { outcome: "ok", cached: false, quotaDelta: charge },
        quotaChannel,
      },
      {
        name: `${def.id}: the same call again is served from the cache, free`,
        channel: def,
        body,
        key: "live",
        expected: { outcome: "ok", cached: true, quotaDelta: 0 },
        quotaChannel,
      },
      {
        name: `${def.id}: no key is missing_api_key`,
        channel: def,
        body,
        key: "none",
        expected: { outcome: "missing_api_key", quotaDelta: 0 },
        quotaChannel,
      },
      {
        name: `${def.id}: an unknown key is invalid_api_key`,
        channel: def,
        body,
        key: "invalid",
        expected: { outcome: "invalid_api_key", quotaDelta: 0 },
        quotaChannel,
      },
    );
  }
  rows.push({
    name: `${def.id}: an invalid body is a validation_error and costs nothing`,
    channel: def,
    body: def.samples.invalid,
    key: "live",
    expected: { outcome: "validation_error", quotaDelta: 0 },
    quotaChannel,
  });
  return rows;
}

export function scenariosFor(registry: ChannelRegistry): Scenario[] {
  return registry.channels.flatMap(channelScenarios);
}

/** Runs every row of the registry through one face (vitest blocks). */
export function describeScenarios(
  face: string,
  registry: ChannelRegistry,
  makeDriver: () => Promise<FaceDriver>,
): void {
  describe(`the scenario table through ${face}`, () => {
    for (const def of registry.channels) {
      it(`${def.id}: every row`, async () => {
        const driver = await makeDriver();
        try {
          for (const row of channelScenarios(def)) {
            const before = row.quotaChannel === null ? 0 : await driver.used(row.quotaChannel);
            const seen = await driver.call(row);
            if (seen === "skip") continue;
            expect(seen.outcome, row.name).toBe(row.expected.outcome);
            if (row.expected.verdict !== undefined) expect(seen.verdict, row.name).toBe(row.expected.verdict);
            if (row.expected.cached !== undefined) expect(seen.cached, row.name).toBe(row.expected.cached);
            const after = row.quotaChannel === null ? 0 : await driver.used(row.quotaChannel);
            expect(after - before, `${row.name} (quota)`).toBe(row.expected.quotaDelta);
          }
        } finally {
          await driver.close();
        }
      });
    }
  });
}
