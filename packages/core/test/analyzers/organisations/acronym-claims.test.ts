import { describe, expect, it } from "vitest";
import { agencyClaimStands } from "../../../src/analyzers/organisations/acronym-claims.js";
import { ORGANISATIONS } from "../../../src/analyzers/organisations/organisation-data.js";

const dhs = ORGANISATIONS.find((o) => o.id === "dhs");
const chase = ORGANISATIONS.find((o) => o.id === "chase");
const none = { officialChannel: false, agencyTopics: [] as string[] };

describe("agencyClaimStands", () => {
  it("takes a public body's initials alone for some other body's", () => {
    if (dhs === undefined) throw new Error("no DHS in the data");
    expect(agencyClaimStands(dhs, { ...none, text: "DHS Athletics\nPractice moved to 4pm" })).toBe(false);
  });

  it("takes the initials for the agency when its full name, its channels or a government story say so", () => {
    if (dhs === undefined) throw new Error("no DHS in the data");
    expect(agencyClaimStands(dhs, { ...none, text: "DHS\nThe Department of Homeland Security requires" })).toBe(true);
    expect(agencyClaimStands(dhs, { ...none, text: "DHS notice", officialChannel: true })).toBe(true);
    expect(agencyClaimStands(dhs, { ...none, text: "DHS notice", agencyTopics: ["federal benefits"] })).toBe(true);
    // Its own initials found again tell no story.
    expect(agencyClaimStands(dhs, { ...none, text: "DHS notice", agencyTopics: ["dhs"] })).toBe(false);
  });

  it("leaves every other kind of organisation alone", () => {
    if (chase === undefined) throw new Error("no Chase in the data");
    expect(agencyClaimStands(chase, { ...none, text: "CHASE: card locked" })).toBe(true);
  });
});
