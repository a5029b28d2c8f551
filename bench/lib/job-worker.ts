// A job worker process for bench/jobs.ts: `scamverify worker` as the composition root builds it, except that its
// webhooks may reach the bench's receiver on 127.0.0.1 (the test-only loopback allowance).
//   node --conditions=source --import tsx bench/lib/job-worker.ts <database url> <concurrency>
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../packages/adapters-cli/src/config.js";
import { createRuntime } from "../../packages/adapters-cli/src/runtime.js";
import { startJobWorkers } from "../../packages/adapters-cli/src/job-workers.js";

const [databaseUrl, concurrency] = process.argv.slice(2);
const rt = await createRuntime(
  loadConfig(
    { databaseUrl, dataDir: mkdtempSync(join(tmpdir(), "sv-bench-worker-")), networkInspection: false, page: false },
    {},
  ),
  { jobs: { allowLoopbackWebhooksForTests: true } },
);
await startJobWorkers(rt, { concurrency: Number(concurrency) });
process.stdout.write("ready\n");
process.once("SIGTERM", () => void rt.close().finally(() => process.exit(0)));
