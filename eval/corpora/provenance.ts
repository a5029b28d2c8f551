// Prints the provenance table of eval/corpora/README.md from the channels' manifests:
// node --conditions=source --import tsx eval/corpora/provenance.ts
import { CORPUS_CHANNELS, loadHeldOut, loadSources } from "./load.js";

const cell = (s: string): string => s.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();

console.log(
  "| channel | source | items | dates | languages | licence (commercial use) | origin, commit | sampling | cleaning | fitting |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const channel of CORPUS_CHANNELS) {
  const held = loadHeldOut(channel);
  for (const s of loadSources(channel)) {
    const counts = Object.entries(s.counts)
      .map(([label, n]) => `${n} ${label}`)
      .join(", ");
    const commercial = s.commercial === true ? "yes" : s.commercial === false ? "no" : "unknown";
    const fitting = held.sources.includes(s.id)
      ? "held out"
      : held.after !== null
        ? `training up to ${held.after}, held out after`
        : "training";
    console.log(
      `| ${channel} | ${s.id} | ${counts} | ${cell(s.dateRange)} | ${s.languages.join(", ")} | ${cell(s.licence)} (${commercial}) | ${cell(s.origin)}${s.commit ? ` @ ${s.commit.slice(0, 12)}` : ""}, retrieved ${s.retrieved} | ${cell(s.sampling)} | ${cell(s.cleaning)} | ${fitting} |`,
    );
  }
}
