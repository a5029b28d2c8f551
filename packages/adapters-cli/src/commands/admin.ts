// Operator commands over the embedded or configured database: accounts, keys and usage. Every key command names
// the account it acts on, so one account can never read or change another's keys.
import type { Command } from "commander";
import type { AccountView, ApiKey, Channel, Usage } from "@scamverify/core";
import { CHANNELS, appError } from "@scamverify/core";
import { CliExit, emit, fail, type Io, withOperatorRuntime } from "../cli-support.js";
import { USAGE_EXIT } from "../exit-codes.js";

function accountText(a: AccountView): string {
  return (
    [
      `account   ${a.id}`,
      `email     ${a.email}`,
      `plan      ${a.plan}${a.pending_plan ? ` (downgrade to ${a.pending_plan} at period end)` : ""}`,
      `period    ${a.billing_period.start} .. ${a.billing_period.end}`,
      ...(a.custom_rpm !== null ? [`rpm       ${a.custom_rpm}`] : []),
      ...(a.custom_quotas ? [`quotas    ${JSON.stringify(a.custom_quotas)}`] : []),
    ].join("\n") + "\n"
  );
}

function keyText(k: ApiKey): string {
  return `${k.id}  ${k.prefix}…  ${k.mode.padEnd(4)}  ${k.revoked_at ? "revoked" : "active "}  ${k.name}  last used ${k.last_used_at ?? "never"}\n`;
}

function usageText(u: Usage): string {
  const lines = [`plan ${u.plan}, period ${u.billing_period.start} .. ${u.billing_period.end}`];
  for (const c of CHANNELS) {
    const q = u.quotas[c];
    lines.push(`${c.padEnd(6)} ${String(q.used).padStart(7)} / ${q.limit} (hard limit ${q.hard_limit})`);
  }
  lines.push(`rate limit ${u.rate_limit.requests_per_minute}/min, batch ${u.rate_limit.batch_requests_per_minute}/min`);
  return lines.join("\n") + "\n";
}

function parseQuotaList(text: string, io: Io): Partial<Record<Channel, number>> {
  const out: Partial<Record<Channel, number>> = {};
  for (const part of text.split(",")) {
    const [k, v] = part.split("=").map((s) => s.trim());
    const n = Number(v);
    if (!k || !(CHANNELS as readonly string[]).includes(k) || !Number.isInteger(n) || n < 0) {
      io.err(`error: --quota takes channel=N pairs separated by commas (channels: ${CHANNELS.join(", ")})\n`);
      throw new CliExit(USAGE_EXIT);
    }
    out[k as Channel] = n;
  }
  return out;
}

/**
 * The account a command acts on: `--account <id>`, as every key and usage command takes it. The older positional
 * form still works; both at once must agree.
 */
function accountOf(io: Io, flag: string | undefined, positional: string | undefined): string {
  if (flag !== undefined && positional !== undefined && flag !== positional) {
    io.err(`error: --account ${flag} and the account argument ${positional} differ; give one\n`);
    throw new CliExit(USAGE_EXIT);
  }
  const id = flag ?? positional;
  if (id === undefined) {
    io.err("error: required option '--account <id>' not specified\n");
    throw new CliExit(USAGE_EXIT);
  }
  return id;
}

export function registerAdminCommands(program: Command, io: Io): void {
  const accounts = program
    .command("accounts")
    .summary("Create and manage accounts")
    .description("Create and manage accounts (operators)");
  accounts
    .command("create")
    .description("Create an account")
    .requiredOption("--email <email>", "sign-in email")
    .option("--password <password>", "password (at least 10 characters) for the dashboard and OAuth sign-in")
    .option("--plan <name>", "free, starter, professional, business, scale or enterprise", "free")
    .option("--rpm <n>", "enterprise only: requests per minute")
    .option("--quota <list>", "enterprise only: url=N,phone=N,text=N,email=N")
    .option("--json", "print JSON")
    .addHelpText("after", "\nExample:\n  scamverify accounts create --email ops@example.com --plan starter --json\n")
    .action(
      async (
        o: { email: string; password?: string; plan: string; rpm?: string; quota?: string; json?: boolean },
        cmd: Command,
      ) => {
        const quotas = o.quota !== undefined ? parseQuotaList(o.quota, io) : undefined;
        await withOperatorRuntime(cmd, io, async (rt) => {
          const r = await rt.engine.accounts.create({
            email: o.email,
            ...(o.password !== undefined ? { password: o.password } : {}),
            plan: o.plan as AccountView["plan"],
            ...(o.rpm !== undefined ? { rpm: Number(o.rpm) } : {}),
            ...(quotas !== undefined ? { quotas } : {}),
          });
          emit(io, r, o.json, accountText);
        });
      },
    );
  accounts
    .command("show")
    .description("Show an account")
    .option("--account <id>", "account id")
    .argument("[id]", "account id (older form of --account)")
    .option("--json", "print JSON")
    .addHelpText("after", "\nExample:\n  scamverify accounts show --account <id> --json\n")
    .action(async (positional: string | undefined, o: { account?: string; json?: boolean }, cmd: Command) => {
      const id = accountOf(io, o.account, positional);
      await withOperatorRuntime(cmd, io, async (rt) => emit(io, await rt.engine.accounts.get(id), o.json, accountText));
    });
  accounts
    .command("set-plan")
    .description("Change the plan: upgrades apply at once, downgrades at the start of the next period")
    .option("--account <id>", "account id")
    .argument("<plan-or-id>", "plan name (with --account), or the account id followed by the plan")
    .argument("[plan]", "plan name, in the older form set-plan <id> <plan>")
    .option("--json", "print JSON")
    .addHelpText("after", "\nExample:\n  scamverify accounts set-plan --account <id> professional\n")
    .action(
      async (first: string, second: string | undefined, o: { account?: string; json?: boolean }, cmd: Command) => {
        const [positional, plan] = second === undefined ? [undefined, first] : [first, second];
        const id = accountOf(io, o.account, positional);
        await withOperatorRuntime(cmd, io, async (rt) =>
          emit(io, await rt.engine.accounts.setPlan(id, plan), o.json, accountText),
        );
      },
    );
  accounts
    .command("set-period")
    .description("Set the billing period of a paid account (ISO 8601 times)")
    .option("--account <id>", "account id")
    .argument("[id]", "account id (older form of --account)")
    .requiredOption("--start <time>", "period start, e.g. 2026-11-01T00:00:00Z")
    .requiredOption("--end <time>", "period end")
    .option("--json", "print JSON")
    .action(
      async (
        positional: string | undefined,
        o: { account?: string; start: string; end: string; json?: boolean },
        cmd: Command,
      ) => {
        const id = accountOf(io, o.account, positional);
        await withOperatorRuntime(cmd, io, async (rt) =>
          emit(io, await rt.engine.accounts.setPeriod(id, o.start, o.end), o.json, accountText),
        );
      },
    );

  const keys = program
    .command("keys")
    .summary("Create, list, revoke and rename API keys")
    .description("Create, list, revoke and rename API keys (operators)");
  keys
    .command("create")
    .description("Create a key; it is printed once and only its SHA-256 hash is kept")
    .requiredOption("--account <id>", "account id")
    .option("--test", "a test key (sv_test_): mock results, no quota")
    .option("--name <name>", "a name to recognise it")
    .option("--json", "print JSON")
    .action(async (o: { account: string; test?: boolean; name?: string; json?: boolean }, cmd: Command) => {
      await withOperatorRuntime(cmd, io, async (rt) =>
        emit(
          io,
          await rt.engine.keys.create(o.account, { mode: o.test ? "test" : "live", name: o.name }),
          o.json,
          (k) => `${k.key}\n(shown once) id ${k.id}\n`,
        ),
      );
    });
  keys
    .command("list")
    .description("List an account's keys")
    .requiredOption("--account <id>", "account id")
    .option("--json", "print JSON")
    .action(async (o: { account: string; json?: boolean }, cmd: Command) => {
      await withOperatorRuntime(cmd, io, async (rt) =>
        emit(io, await rt.engine.keys.list(o.account), o.json, (list) => list.map(keyText).join("") || "no keys\n"),
      );
    });
  keys
    .command("revoke")
    .description("Revoke a key (effective at once here, within 5 s on every server)")
    .argument("<key-id>", "key id")
    .requiredOption("--account <id>", "the account that owns the key")
    .option("--json", "print JSON")
    .action(async (keyId: string, o: { account: string; json?: boolean }, cmd: Command) => {
      await withOperatorRuntime(cmd, io, async (rt) => {
        // Revoking twice changes nothing (the first time is kept): say so rather than report a fresh revocation.
        const listed = await rt.engine.keys.list(o.account);
        const current = listed.isOk() ? listed.value.find((k) => k.id === keyId) : undefined;
        if (current?.revoked_at) {
          fail(io, appError("conflict", `Key ${keyId} was already revoked at ${current.revoked_at}; nothing changed.`));
        }
        emit(io, await rt.engine.keys.revoke(o.account, keyId), o.json, keyText);
      });
    });
  keys
    .command("rename")
    .description("Rename a key")
    .argument("<key-id>", "key id")
    .argument("<name>", "new name")
    .requiredOption("--account <id>", "the account that owns the key")
    .option("--json", "print JSON")
    .action(async (keyId: string, name: string, o: { account: string; json?: boolean }, cmd: Command) => {
      await withOperatorRuntime(cmd, io, async (rt) =>
        emit(io, await rt.engine.keys.rename(o.account, keyId, name), o.json, keyText),
      );
    });

  program
    .command("usage")
    .summary("Show an account's usage and quotas")
    .description("Show an account's usage, quotas and rate limits")
    .requiredOption("--account <id>", "account id")
    .option("--json", "print JSON")
    .action(async (o: { account: string; json?: boolean }, cmd: Command) => {
      await withOperatorRuntime(cmd, io, async (rt) =>
        emit(io, await rt.engine.accounts.usage(o.account), o.json, usageText),
      );
    });
}
