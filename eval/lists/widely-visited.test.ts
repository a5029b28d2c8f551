import { describe, expect, it } from "vitest";
import { widelyVisited } from "./widely-visited.js";

describe("the widely visited list", () => {
  it("builds the list from a ranking by dropping what is no site of one owner", () => {
    const { kept, dropped } = widelyVisited([
      "google.com",
      "bit.ly",
      "page.link",
      "weebly.com",
      "co.uk",
      "www.example.org",
      "Viettel.vn",
      "viettel.vn",
      "",
    ]);
    expect(kept).toEqual(["google.com", "viettel.vn"]);
    expect(dropped).toEqual({
      "not a registrable domain": 2,
      "shortener or host of anyone's pages": 3,
      repeated: 1,
    });
  });
});
