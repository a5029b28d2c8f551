import { describe, expect, it } from "vitest";
import { sameMessageAs, sameMessages, shingles } from "./overlap.js";

describe("overlap between training and held-out items", () => {
  const campaign =
    "Dear user your mailbox has exceeded its storage limit and will be closed today unless you verify your account here";

  it("finds a campaign sent twice with another greeting and link", () => {
    const held = [shingles(`Hello friend, ${campaign.slice(5)} https://a.example/x`)];
    const [same] = sameMessages([shingles(`${campaign} https://b.example/y`)], held);
    expect(same).toBe(true);
  });

  it("keeps a message that shares only a common phrase", () => {
    const held = [shingles(campaign)];
    const other = shingles(
      "Our meeting moved to Thursday; please verify your account here before then so the room booking goes through fine",
    );
    expect(sameMessages([other], held)).toEqual([false]);
  });

  it("compares texts shorter than a shingle by their words", () => {
    expect(sameMessages([shingles("OK, see you")], [shingles("ok see you!")])).toEqual([true]);
    expect(sameMessages([shingles("ok see you")], [shingles("ok see them")])).toEqual([false]);
    expect(sameMessages([shingles("")], [shingles("")])).toEqual([false]);
  });

  it("names every held-out item a training item is the same message as", () => {
    const held = [shingles(campaign), shingles("ok see you"), shingles(`Hi, ${campaign} now`)];
    expect(sameMessageAs([shingles(campaign), shingles("lunch at noon?")], held)).toEqual([[0, 2], []]);
  });
});
