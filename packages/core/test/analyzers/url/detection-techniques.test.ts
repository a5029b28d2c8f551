import { describe, expect, it } from "vitest";
import { analyze, prior, riskRules } from "./analyze.js";
import { editDistance } from "../../../src/analyzers/url/brand-index.js";
import { pathAsksFor } from "../../../src/analyzers/url/url-heuristics.js";

// What fires on each input, never a score: a rule's weight is fitted data. A weak reading of a brand is one the brand
// detector does not call an impersonation (brand.detected false); how much weaker is its own prior, compared between
// two inputs.

describe("editDistance", () => {
  it("counts insertions, deletions, replacements and adjacent transpositions", () => {
    expect(editDistance("paypal", "paypal", 2)).toBe(0);
    expect(editDistance("paypla", "paypal", 2)).toBe(1);
    expect(editDistance("bankofamirika", "bankofamerica", 2)).toBe(2);
    expect(editDistance("myetherwalllett", "myetherwallet", 2)).toBe(2);
    expect(editDistance("abc", "xyz", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("typosquats of long brand names", () => {
  it.each([
    ["https://bankofamirika.com/", "Bank of America"],
    ["https://myetherwalllett.com/", "MyEtherWallet"],
    ["https://steampowwereed.com/", "Steam"],
  ])("reads two edits of a long name as a typosquat: %s", (raw, brand) => {
    const r = analyze(raw);
    expect(r.brand).toMatchObject({ detected: true, brand, technique: "typosquat" });
    expect(r.ids).toContain("brand_typosquat");
  });

  it("reads any single edit of a ten-letter name as a typosquat", () => {
    // A plain omission of a mid-length name stays a weak resemblance; of a long one it is an impersonation.
    const mid = analyze("https://netflx.com/");
    expect(mid.brand.detected).toBe(false);
    expect(riskRules(mid)).toEqual(["brand_typosquat"]);
    for (const raw of ["https://myetherwallt.com/", "https://westernunon.com/"]) {
      const r = analyze(raw);
      expect(r.brand).toMatchObject({ detected: true, technique: "typosquat" });
      expect(prior(r, "brand_typosquat")).toBeGreaterThan(prior(mid, "brand_typosquat"));
    }
  });

  it("does not read a compound with a different start as the brand", () => {
    // "btinternet" is "bt" + "internet": replacing the distinctive start makes another name.
    expect(analyze("https://xyinternet.com/").brand.detected).toBe(false);
    expect(riskRules(analyze("https://xyinternet.com/"))).toEqual([]);
  });

  it("does not read an arbitrary change of the first letter as a misspelling", () => {
    // "ofinity" is another word; a deliberate-looking edit at the start still counts.
    expect(analyze("https://ofinity.com/").ids).not.toContain("brand_typosquat");
    expect(riskRules(analyze("https://ofinity.xyz/"))).toEqual(["risky_tld"]);
    expect(analyze("https://cfinity.com/").brand).toMatchObject({ detected: true, brand: "Comcast Xfinity" });
    expect(analyze("https://ymetherwallet.com/").brand).toMatchObject({ detected: true, technique: "typosquat" });
  });

  it("keeps two edits of a short name out of reach", () => {
    const short = analyze("https://amazuun.com/");
    expect(short.brand.detected).toBe(false);
    expect(riskRules(short)).toEqual(["brand_typosquat"]);
    expect(prior(short, "brand_typosquat")).toBeLessThan(
      prior(analyze("https://bankofamirika.com/"), "brand_typosquat"),
    );
  });
});

describe("brand names with digits", () => {
  it.each([
    ["https://o2-account-verify.com/", "O2", "combosquat"],
    ["https://o2billing-update.com/", "O2", "combosquat"],
    ["https://ms-365.com/", "Office 365", "hyphenation"],
    ["https://o365-login.net/", "Office 365", "combosquat"],
  ])("detects %s", (raw, brand, technique) => {
    const r = analyze(raw);
    expect(r.brand).toMatchObject({ detected: true, brand, technique });
    expect(r.ids).toContain(`brand_${technique}`);
  });

  it("does not find a digit brand inside another word", () => {
    expect(analyze("https://co2online.de/").brand.detected).toBe(false);
    expect(riskRules(analyze("https://co2online.de/"))).toEqual([]);
    expect(analyze("https://o2online.de/").ids).toContain("official_brand_domain");
  });
});

describe("lookalikes behind glued lure words", () => {
  it.each([
    ["https://myamazom.com/", "Amazon", "typosquat"],
    ["https://loginpaypai.com/", "PayPal", "homoglyph"],
    ["https://securenetflxi.com/", "Netflix", "typosquat"],
  ])("detects %s", (raw, brand, technique) => {
    const r = analyze(raw);
    expect(r.brand).toMatchObject({ detected: true, brand, technique });
    expect(r.ids).toContain(`brand_${technique}`);
  });

  it("does not cut through a word next to the brand's real name", () => {
    // "amazonb" + "log" is not a misspelling: the exact name is there, followed by "blog".
    const r = analyze("https://amazonblog.com/");
    expect(r.ids).not.toContain("brand_typosquat");
    expect(riskRules(r)).toEqual([]);
  });
});

describe("brand names in paths", () => {
  it("reads an official domain spelled inside a path", () => {
    const r = analyze("https://example.org/files/online.asb.co.nz/index.html");
    expect(r.brand).toMatchObject({ detected: true, brand: "ASB", technique: "brand_in_path" });
    expect(r.ids).toContain("brand_brand_in_path");
    expect(analyze("https://example.org/files/mail.ru/").brand.brand).toBe("Mail.ru");
  });

  it("needs the spelled domain on label boundaries", () => {
    expect(analyze("https://example.org/files/xmail.ruins/").brand.detected).toBe(false);
  });

  it("adds weight for phishing-kit markers and lure words glued to the brand", () => {
    const plain = analyze("https://example.org/news/netflix-series/");
    const glued = analyze("https://example.org/news/netflixbilling/");
    const kit = analyze("https://example.org/d41d8cd98f00b204e9800998ecf8427e/netflixbilling/");
    const wp = analyze("https://example.org/wp-content/themes/x/netflixbilling/");
    // A brand beside an article's words is a mention; glued to a lure word it is impersonation.
    expect(plain.brand.detected).toBe(false);
    expect(glued.brand).toMatchObject({ detected: true, brand: "Netflix", technique: "brand_in_path" });
    expect(prior(glued, "brand_brand_in_path")).toBeGreaterThan(prior(plain, "brand_brand_in_path"));
    expect(prior(kit, "brand_brand_in_path")).toBeGreaterThan(prior(glued, "brand_brand_in_path"));
    expect(wp.ids).toEqual(expect.arrayContaining(["brand_brand_in_path", "hidden_page"]));
    expect(glued.ids).not.toContain("hidden_page");
  });
});

describe("exact brand names on other TLDs", () => {
  it("keeps a generic TLD weak alone and strong with a risky or lure-word TLD", () => {
    const generic = analyze("https://paypal.institute/");
    expect(riskRules(generic)).toEqual(["brand_tld_swap"]);
    expect(generic.brand.detected).toBe(false);
    const risky = analyze("https://paypal.top/");
    expect(risky.brand).toMatchObject({ detected: true, technique: "tld_swap" });
    expect(risky.ids).toEqual(expect.arrayContaining(["brand_tld_swap", "risky_tld"]));
    const lure = analyze("https://paypal.security/");
    expect(lure.brand).toMatchObject({ detected: true, technique: "tld_swap" });
    expect(prior(lure, "brand_tld_swap")).toBeGreaterThan(prior(generic, "brand_tld_swap"));
  });

  it.each(["https://binance.vision/", "https://cpanel.com/", "https://uniswap.exchange/", "https://o2online.de/"])(
    "knows %s as the brand's own domain",
    (raw) => {
      const r = analyze(raw);
      expect(r.ids).toContain("official_brand_domain");
      expect(riskRules(r)).toEqual([]);
    },
  );
});

describe("combined weak findings", () => {
  it("raises a weak lookalike behind a lure-word subdomain", () => {
    const bare = analyze("https://openseo.com/");
    expect(bare.brand.detected).toBe(false);
    expect(riskRules(bare)).toEqual(["brand_typosquat"]);
    const r = analyze("https://app.openseo.com/");
    expect(r.brand).toMatchObject({ detected: true, brand: "OpenSea" });
    expect(prior(r, "brand_typosquat")).toBeGreaterThan(prior(bare, "brand_typosquat"));
    const blog = analyze("https://blog.openseo.com/");
    expect(blog.brand.detected).toBe(false);
    expect(blog.factors).toEqual(bare.factors);
  });

  it("finds a five-letter brand anywhere in a name on free hosting", () => {
    expect(analyze("https://mypaypalx.com/").brand.detected).toBe(false);
    const r = analyze("https://mypaypalx.duckdns.org/");
    expect(r.brand).toMatchObject({ detected: true, brand: "PayPal", technique: "combosquat" });
    expect(r.ids).toEqual(expect.arrayContaining(["brand_combosquat", "anonymous_hosting"]));
  });
});

describe("host and path corroboration", () => {
  it("combines a weak host finding with the same brand in the path", () => {
    const host = analyze("https://netflixfans.com/");
    const both = analyze("https://netflixfans.com/netflix/");
    expect(host.brand.detected).toBe(false);
    expect(riskRules(host)).toEqual(["brand_combosquat"]);
    expect(both.brand).toMatchObject({ detected: true, brand: "Netflix" });
    expect(prior(both, "brand_combosquat")).toBeGreaterThan(prior(host, "brand_combosquat"));
    expect(analyze("https://netflixfans.com/paypal/").factors).toEqual(host.factors);
  });

  it("lets the brand's name inside the host back up a path finding", () => {
    expect(prior(analyze("https://dhlzq.com/x/dhl/"), "brand_brand_in_path")).toBeGreaterThan(
      prior(analyze("https://qzqz.com/x/dhl/"), "brand_brand_in_path"),
    );
  });
});

describe("multi-word brand names split into words", () => {
  it.each([
    ["https://bank-of-america-secure.com/", "Bank of America", "combosquat"],
    ["https://american-express-verify.com/", "American Express", "combosquat"],
    ["https://royal-mail-redelivery.com/", "Royal Mail", "combosquat"],
    ["https://example.org/x/Bank_of_America/", "Bank of America", "brand_in_path"],
  ])("detects %s", (raw, brand, technique) => {
    const r = analyze(raw);
    expect(r.brand).toMatchObject({ detected: true, brand, technique });
    expect(r.ids).toContain(`brand_${technique}`);
  });

  it("keeps a split name with neutral words weak, and the split name itself a hyphenation", () => {
    expect(analyze("https://royal-mail-group.com/").brand.detected).toBe(false);
    expect(riskRules(analyze("https://royal-mail-group.com/"))).toEqual(["brand_combosquat"]);
    expect(analyze("https://pay-pal.com/").brand.technique).toBe("hyphenation");
  });

  it("does not read a cut-short brand name as a two-edit typo", () => {
    // "american" is "americanas" without its last two letters: another word, not a misspelling.
    expect(analyze("https://american.com/").ids).not.toContain("brand_typosquat");
  });
});

describe("official domains spelled inside a registrable name", () => {
  it.each([
    ["https://www-paypal-com.xyz/", "PayPal"],
    ["https://amazon-co-jp.net/", "Amazon"],
  ])("detects %s", (raw, brand) => {
    const r = analyze(raw);
    expect(r.brand).toMatchObject({ detected: true, brand, technique: "combosquat" });
    expect(r.ids).toContain("brand_combosquat");
  });

  it("needs the spelled domain on hyphen boundaries", () => {
    const r = analyze("https://paypal-company.com/");
    expect(r.brand.detected).toBe(false);
    expect(riskRules(r)).toEqual(["brand_combosquat"]);
  });
});

describe("lookalike characters in a path folder", () => {
  it("reads a folded brand name in a path like the name itself", () => {
    const r = analyze("http://example.org/PayPaI/signin");
    expect(r.brand).toMatchObject({ detected: true, brand: "PayPal", technique: "brand_in_path" });
    expect(r.ids).toContain("brand_brand_in_path");
    expect(analyze("http://example.org/appliance/").brand.detected).toBe(false);
  });
});

describe("host-like registrable names", () => {
  it("reads www glued to a brand as a strong lure", () => {
    expect(analyze("https://wwwpaypal.com/").brand).toMatchObject({ detected: true, brand: "PayPal" });
    expect(analyze("https://wwwpaypal.com/").ids).toContain("brand_combosquat");
    expect(analyze("https://www-chase.com/").brand).toMatchObject({ detected: true, brand: "Chase" });
    // A real subdomain www, then a name of the brand's own.
    const advisors = analyze("https://www.wellsfargoadvisorsgroup.com/");
    expect(advisors.brand.detected).toBe(false);
    expect(riskRules(advisors)).toEqual(["brand_combosquat"]);
  });
});

describe("phishing-kit placement in a path, without any brand", () => {
  it("reads a page inside a random 32-hex folder as a kit copy", () => {
    const r = analyze("http://shop-example.com/new/0f3c2a9b8d7e6f5a4b3c2d1e0f9a8b7c/login.php");
    expect(r.ids).toEqual(expect.arrayContaining(["kit_folder", "credential_words"]));
    expect(analyze("http://shop-example.com/0f3c2a9b8d7e6f5a4b3c2d1e0f9a8b7c/").ids).toContain("kit_folder");
  });

  it("does not read content-addressed files or short hex names as a kit", () => {
    expect(analyze("https://cdn-example.com/img/0f3c2a9b8d7e6f5a4b3c2d1e0f9a8b7c/photo.jpg").ids).not.toContain(
      "kit_folder",
    );
    expect(analyze("https://cdn-example.com/0f3c2a9b/index.php").ids).not.toContain("kit_folder");
    expect(analyze("https://cdn-example.com/a0f3c2a9b8d7e6f5a4b3c2d1e0f9a8b7c0/index.php").ids).not.toContain(
      "kit_folder",
    );
  });

  it("reads a page inside /.well-known/ or a CMS library folder as hidden", () => {
    expect(analyze("https://bakery-example.com/.well-known/pki-validation/secure/index.html").ids).toContain(
      "hidden_page",
    );
    expect(analyze("https://bakery-example.com/.well-known/security.txt").ids).not.toContain("hidden_page");
    const wp = analyze("https://bakery-example.com/wp-includes/css/verify/account.php");
    expect(wp.ids).toEqual(expect.arrayContaining(["hidden_page", "credential_words"]));
    const jce = analyze("https://bakery-example.com/components/com_jce/x/index.php");
    expect(jce.ids).toContain("hidden_page");
    // Assets in those folders are what they are for; a plain uploaded page is a weaker sign than a script there.
    expect(analyze("https://bakery-example.com/wp-content/themes/shop/style.css").ids).not.toContain("hidden_page");
    const menu = analyze("https://bakery-example.com/wp-content/uploads/menu.html");
    expect(riskRules(menu)).toEqual(["hidden_page"]);
    expect(prior(menu, "hidden_page")).toBeLessThan(prior(jce, "hidden_page"));
  });
});

describe("credential words in the languages kits ship in", () => {
  it.each([
    "https://example.org/fr/moncompte/",
    "https://example.org/es/cuenta/verificar",
    "https://example.org/id/akun/verifikasi",
    "https://example.org/de/konto/anmelden",
  ])("reads %s as asking for an account", (url) => {
    expect(analyze(url).ids).toContain("credential_words");
  });

  it("does not read ordinary foreign words as credential requests", () => {
    expect(analyze("https://example.org/fr/recettes/gateau").ids).not.toContain("credential_words");
  });
});

describe("brand names in CamelCase path words", () => {
  it.each([
    ["https://example.org/x/ChaseVerifyIdentity/", "Chase"],
    ["https://example.org/files/USPSParcelForm/login", "USPS"],
    ["https://example.org/files/HSBCSecureMessage/SignIn.php", "HSBC"],
  ])("reads the brand as a word of %s", (raw, brand) => {
    const r = analyze(raw);
    expect(r.brand).toMatchObject({ detected: true, brand, technique: "brand_in_path" });
    expect(r.ids).toContain("brand_brand_in_path");
  });

  it("keeps a brand beside ordinary words a weak page-title finding", () => {
    const news = analyze("https://example.org/x/ChaseWeeklyNews/");
    expect(news.ids).toContain("brand_brand_in_path");
    expect(news.brand.detected).toBe(false);
    expect(riskRules(news)).toEqual(["brand_brand_in_path"]);
    // No kit bonus for a page title: a PHP blog post about a product reads like any other page title.
    const review = analyze("https://example.org/news/AppleWatchReview.php");
    expect(review.brand.detected).toBe(false);
    expect(riskRules(review)).toEqual(["brand_brand_in_path"]);
    expect(prior(review, "brand_brand_in_path")).toBe(prior(news, "brand_brand_in_path"));
  });

  it.each([
    // A capitalised short name is as often the plain word.
    "https://example.org/WakeUpsNow/",
    "https://example.org/travel/VisaRequirements.html",
    // Brand names that are common words never count inside a CamelCase name.
    "https://example.org/hotel/BookingConfirmation.aspx",
    // "eBay" needs its own word boundaries.
    "https://example.org/theBayArea/",
    // Random identifiers with capitals are not words.
    "https://example.org/view/aXbUPSkQzWyR/",
  ])("does not read a brand into %s", (raw) => {
    const r = analyze(raw);
    expect(r.brand.detected).toBe(false);
    expect(r.ids).not.toContain("brand_brand_in_path");
    expect(riskRules(r)).toEqual([]);
  });
});

describe("credential words in CamelCase names", () => {
  it.each([
    "https://example.org/Account/SignIn.aspx",
    "https://example.org/VerifyAccount.php",
    "https://example.org/x/PINCode/",
  ])("reads %s as asking for credentials", (raw) => {
    expect(analyze(raw).ids).toContain("credential_words");
  });

  it("does not read a short capitalised word or a word run as a credential request", () => {
    expect(analyze("https://example.org/PinBoard/").ids).not.toContain("credential_words");
    expect(analyze("https://example.org/Catalog/WeblogIndex").ids).not.toContain("credential_words");
  });
});

describe("user content on a first-party platform", () => {
  it.each([
    "https://docs.google.com/forms/d/e/1FAIpQLSf9xK2/viewform",
    "https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view",
    "https://script.google.com/macros/s/AKfycbx9/exec",
    "https://forms.office.com/Pages/ResponsePage.aspx?id=abc",
    "https://www.dropbox.com/s/abc123/Invoice.pdf",
    "https://my-bucket.s3.us-east-2.amazonaws.com/index.html",
    "https://gateway.example.net/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG",
  ])("counts %s as published by anyone", (raw) => {
    const r = analyze(raw);
    expect(r.ids).toContain("user_content");
    expect(r.ids).not.toContain("official_brand_domain");
    expect(r.ids).not.toContain("popular_domain");
    expect(r.evidence[1]?.signals["free_hosting"]).toBe(true);
  });

  it("reads a brand in user content like a brand on free hosting", () => {
    const r = analyze("https://my-bucket.s3.us-east-2.amazonaws.com/paypal/signin.html");
    expect(r.brand).toMatchObject({ detected: true, brand: "PayPal" });
    expect(r.ids).toEqual(expect.arrayContaining(["brand_brand_in_path", "user_content", "credential_words"]));
  });

  it("counts form links and public gateways as hosting", () => {
    expect(analyze("https://forms.gle/abcDEF123").ids).toContain("free_hosting");
    expect(analyze("https://cloudflare-ipfs.com/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG").ids).toContain(
      "free_hosting",
    );
  });

  it.each([
    "https://docs.google.com/",
    "https://docs.google.com/document/u/0/",
    "https://drive.google.com/drive/my-drive",
    "https://forms.office.com/",
    "https://www.dropbox.com/login",
    "https://aws.amazon.com/s3/",
  ])("keeps the platform's own page %s vouched for", (raw) => {
    const r = analyze(raw);
    expect(r.ids).toContain("official_brand_domain");
    expect(r.ids).not.toContain("user_content");
    expect(riskRules(r)).toEqual([]);
  });
});

describe("free-registration domain endings", () => {
  it("weighs a free ending more than a cheap one", () => {
    const free = analyze("http://example-shop.tk/account/orders");
    const cheap = analyze("http://example-shop.xyz/account/orders");
    expect(free.ids).toEqual(expect.arrayContaining(["risky_tld", "credential_words"]));
    expect(prior(free, "risky_tld")).toBeGreaterThan(prior(cheap, "risky_tld"));
    // Alone it is the only thing that fires.
    expect(riskRules(analyze("https://example-shop.tk/"))).toEqual(["risky_tld"]);
  });
});

describe("recipient email address in the query", () => {
  it("reads an email address as a query value as a personalised lure", () => {
    const r = analyze("https://tinyurl.com/abc12?email=jane.doe@example.com");
    expect(r.ids).toEqual(expect.arrayContaining(["recipient_email", "shortener"]));
    expect(analyze("https://example.org/login.php?user=jane%40corp.example.co.uk&x=1").ids).toContain(
      "recipient_email",
    );
  });

  it("keeps it weak alone and needs a whole address", () => {
    // A newsletter's unsubscribe link carries the reader's address too.
    expect(riskRules(analyze("https://example.org/unsubscribe?email=jane%40example.com"))).toEqual(["recipient_email"]);
    expect(analyze("https://example.org/x?ref=@handle").ids).not.toContain("recipient_email");
    expect(analyze("https://example.org/?q=a@b").ids).not.toContain("recipient_email");
  });
});

describe("where a page is published", () => {
  it("reads a dynamic DNS name, a tunnel or an anonymous free host as medium risk on its own", () => {
    for (const url of [
      "http://grocer-example.duckdns.org/",
      "https://abc123.ngrok-free.app/pay",
      "https://x.hyperphp.com/",
    ]) {
      expect(analyze(url).ids).toContain("anonymous_hosting");
    }
    // The platform's own site is not a page published on it.
    expect(analyze("https://www.duckdns.org/").ids).not.toContain("anonymous_hosting");
  });

  it("keeps site builders where small businesses publish below medium risk", () => {
    const wix = analyze("https://cafe-example.wixsite.com/menu");
    expect(wix.ids).toContain("free_hosting");
    expect(wix.ids).not.toContain("anonymous_hosting");
    expect(riskRules(wix)).toEqual(["free_hosting"]);
    // The platform's own ending (.site) is not the site owner's choice of a cheap ending.
    const square = analyze("https://bakery-example.square.site/");
    expect(square.ids).not.toContain("risky_tld");
    expect(riskRules(square)).toEqual(["free_hosting"]);
    expect(analyze("https://bakery-example.site/").ids).toContain("risky_tld");
  });
});

describe("pages hidden where sites serve none", () => {
  it.each([
    "https://bakery-example.com/wp-admin/user/box/",
    "https://bakery-example.com/wp-content/themes/shop/fonts/ui/",
    "https://bakery-example.com/wp-content/plugins/gallery/loading.html",
    "https://bakery-example.com/images/docs/index.php",
    "https://bakery-example.com/includes/js/tabs/message.html",
  ])("reads %s as a hidden page on its own", (url) => {
    expect(analyze(url).ids).toContain("hidden_page");
  });

  it.each([
    "https://bakery-example.com/wp-content/uploads/2024/03/menu-spring.pdf",
    "https://bakery-example.com/wp-admin/css/login.min.css",
    "https://bakery-example.com/wp-content/themes/shop/fonts/ui.woff2",
    "https://bakery-example.com/images/logo.png",
    "https://bakery-example.com/img/",
    // Photo galleries lay their pages out under images/.
    "https://family-example.net/images/holiday-2024/index.html",
  ])("does not read the file %s as a hidden page", (url) => {
    expect(analyze(url).ids).not.toContain("hidden_page");
  });
});

describe("sign-in pages and sign-in names", () => {
  it("weighs a sign-in script as the page itself above a path that mentions an account", () => {
    const page = analyze("https://bakery-example.com/login.php");
    const mention = analyze("https://bakery-example.com/account/orders");
    const points = (r: typeof page): number =>
      r.evidence.flatMap((e) => e.factors).find((f) => f.id === "credential_words")?.points ?? 0;
    expect(points(page)).toBeGreaterThan(points(mention));
    expect(analyze("https://bakery-example.com/SignIn.aspx").ids).toContain("credential_words");
    expect(analyze("https://shop-example.com/intern/3DSecure/").ids).toContain("credential_words");
    // A sign-in page on a name nothing else speaks against: the sign-in words are all that fires.
    expect(riskRules(page)).toEqual(["credential_words"]);
    expect(page.ids).toEqual(["credential_words"]);
  });

  it("reads a domain made only of scam words as medium risk, one scam word among others as a weak sign", () => {
    const scam = analyze("https://unauthorised-login-security.com/");
    expect(scam.ids).toContain("lure_words_domain");
    // Two ordinary words of which one is a lure can be a product's name.
    const product = analyze("https://fast-check.dev/");
    expect(riskRules(product)).toEqual(["lure_words_domain"]);
    expect(prior(product, "lure_words_domain")).toBeLessThan(prior(scam, "lure_words_domain"));
    const one = analyze("http://login-examplebrand.com/app");
    expect(one.ids).toContain("lure_word_domain");
    expect(riskRules(one)).toEqual(["lure_word_domain"]);
    const takeaway = analyze("https://www.goldendragon-takeaway.com/order-online");
    expect(takeaway.ids).not.toContain("lure_word_domain");
    expect(takeaway.ids).not.toContain("lure_words_domain");
  });

  it("adds a sign-in subdomain to a sign-in page, and alone leaves it weak", () => {
    expect(riskRules(analyze("https://login.bakery-example.org/"))).toEqual(["lure_subdomain"]);
    expect(analyze("https://login.bakery-example.org/login.html").ids).toEqual(
      expect.arrayContaining(["lure_subdomain", "credential_words"]),
    );
    expect(analyze("https://portal.bakery-example.org/").ids).not.toContain("lure_subdomain");
    expect(analyze("https://log.bakery-example.org/").ids).not.toContain("lure_subdomain");
    expect(analyze("https://www.bakery-example.org/").ids).not.toContain("lure_subdomain");
  });

  it("reads a domain ending inside the subdomain as a disguise", () => {
    expect(analyze("https://secure.co.jp.example-shop.net/").ids).toContain("ending_in_subdomain");
    expect(analyze("https://login.com.example-shop.net/").ids).toContain("ending_in_subdomain");
    expect(analyze("https://com.example.org/").ids).not.toContain("ending_in_subdomain");
    expect(analyze("https://shop.example.co.uk/").ids).not.toContain("ending_in_subdomain");
  });

  it("does not read a folder named by a common-word brand as the brand's kit", () => {
    const folder = analyze("https://tours-example.com/booking");
    expect(folder.brand.detected).toBe(false);
    expect(riskRules(folder)).toEqual(["brand_brand_in_path"]);
    // Behind a sign-in page, or a brand whose name is no common word, it is.
    const signIn = analyze("https://tours-example.com/booking/login.php");
    expect(signIn.brand).toMatchObject({ detected: true, technique: "brand_in_path" });
    expect(signIn.ids).toEqual(expect.arrayContaining(["brand_brand_in_path", "credential_words"]));
    expect(analyze("https://mail-example.com/chase/").brand).toMatchObject({
      detected: true,
      brand: "Chase",
      technique: "brand_in_path",
    });
  });
});

describe("names on hosting platforms", () => {
  it("reads a hosting panel's temporary name as anonymous hosting", () => {
    expect(analyze("https://zap123456-1.plesk11.zap-webspace.com/").ids).toContain("anonymous_hosting");
  });

  it("reads a site name that asks to sign in as a lure, a shop's name as nothing", () => {
    const r = analyze("https://secure-login.weebly.com/");
    expect(r.ids).toEqual(expect.arrayContaining(["free_hosting", "lure_site_name"]));
    expect(analyze("https://tacoloco-example.weebly.com/order").ids).not.toContain("lure_site_name");
  });
});

describe("sixth round: names built for a lure, and names that only look like a brand", () => {
  it("reads a lure-word name whose page asks for the same as medium risk", () => {
    const name = analyze("https://park-smart-payments.example/");
    const checkout = analyze("https://park-smart-payments.example/checkout");
    expect(checkout.ids).toEqual(expect.arrayContaining(["lure_word_domain", "street_payment_domain"]));
    expect(prior(checkout, "lure_word_domain")).toBeGreaterThan(prior(name, "lure_word_domain"));
    const refund = analyze("https://council-tax-refund.example/claim");
    expect(refund.ids).toContain("lure_word_domain");
    expect(prior(refund, "lure_word_domain")).toBeGreaterThan(prior(name, "lure_word_domain"));
    // The name alone, or an ordinary page of it, is a weak lure word and no more.
    expect(riskRules(name)).toEqual(["lure_word_domain"]);
    expect(analyze("https://park-smart-payments.example/about-us").factors).toEqual(name.factors);
    // A business's payment page on its own name is not the lure.
    expect(riskRules(analyze("https://acmehvac-example.com/invoice/pay"))).toEqual([]);
  });

  it("reads a brand's name beside ordinary words as medium risk when its page asks for payment", () => {
    expect(analyze("https://parkmobile-zone.example/pay?zone=4471").brand).toMatchObject({
      detected: true,
      brand: "ParkMobile",
    });
    expect(analyze("https://parkmobile-zone.example/pay?zone=4471").ids).toEqual(
      expect.arrayContaining(["brand_combosquat", "street_payment_domain"]),
    );
    expect(analyze("https://parkmobile-zone.example/").brand.detected).toBe(false);
    expect(riskRules(analyze("https://parkmobile-zone.example/"))).toEqual(["brand_combosquat"]);
    expect(analyze("https://natwestgroupholdings.com/about").brand.detected).toBe(false);
    expect(riskRules(analyze("https://natwestgroupholdings.com/about"))).toEqual(["brand_combosquat"]);
    // The parking, toll and charging operators' own links stay official.
    expect(analyze("https://m.paybyphone.com/parking/start?location=40213").ids).toContain("official_brand_domain");
    expect(analyze("https://ev.chargepoint.com/station/1234567").ids).toContain("official_brand_domain");
  });

  it("reads delivery and payment lures in other languages", () => {
    expect(analyze("https://lbc-colis-suivi.example/").ids).toContain("lure_word_domain");
    expect(analyze("https://correos-entrega.net/pago").brand).toMatchObject({ detected: true, brand: "Correos" });
    expect(analyze("https://correos-entrega.net/pago").ids).toEqual(
      expect.arrayContaining(["brand_combosquat", "lure_word_domain"]),
    );
  });

  it("reads a site name of two lure words on a site builder as a lure, one as a shop's name", () => {
    expect(analyze("https://pembatalanpemblokiran08.webnode.com/").ids).toContain("lure_site_name");
    expect(analyze("https://secure-update.weebly.com/").ids).toContain("lure_site_name");
    expect(analyze("https://pizza-delivery.wixsite.com/menu").ids).not.toContain("lure_site_name");
    expect(analyze("https://fastdelivery.weebly.com/").ids).not.toContain("lure_site_name");
  });

  it("reads a sign-in path on a site anyone can publish like a sign-in page", () => {
    const published = analyze("https://acme-portal.herokuapp.com/login");
    expect(published.ids).toEqual(expect.arrayContaining(["free_hosting", "credential_words"]));
    expect(prior(published, "credential_words")).toBe(
      prior(analyze("https://bakery-example.com/login.php"), "credential_words"),
    );
    // The platform's own pages are not a site published on it.
    const platform = analyze("https://forms.gle/login");
    expect(prior(platform, "credential_words")).toBeLessThan(prior(published, "credential_words"));
    expect(riskRules(platform)).toEqual(["free_hosting"]);
    expect(riskRules(analyze("https://tacoloco-example.weebly.com/order"))).toEqual(["free_hosting"]);
  });

  it("reads an email address in the fragment like one in the query", () => {
    expect(analyze("https://office-docshare.pages.dev/#jane@acmecorp.example").ids).toContain("recipient_email");
    expect(analyze("https://x.example/#/login?e=jane%40corp.example").ids).toContain("recipient_email");
    expect(analyze("https://example.com/page#section-2").ids).not.toContain("recipient_email");
    expect(analyze("https://mail.example.com/#inbox").ids).not.toContain("recipient_email");
  });

  it("reads lure words glued together in a subdomain", () => {
    expect(analyze("http://securedocuments.example-shop.com/up").ids).toContain("lure_subdomain");
    expect(analyze("https://documents.example-shop.com/").ids).not.toContain("lure_subdomain");
  });

  it("reads glued lure words in a hyphenated name", () => {
    expect(analyze("https://recipient-securitycheck.example/").ids).toContain("lure_word_domain");
  });

  it("reads where a link forwards to, and lets no trusted name vouch for it", () => {
    const r = analyze("https://www.google.com/url?q=https://secure-doc-share.xyz/login&sa=D");
    expect(r.ids).toEqual(expect.arrayContaining(["redirect_risky_tld", "redirect_lure_word_domain"]));
    expect(r.ids).not.toContain("official_brand_domain");
    // Forwarding to an ordinary page, or within the same site, changes nothing.
    expect(analyze("https://www.google.com/url?q=https://www.bbc.co.uk/news&sa=D").ids).toContain(
      "official_brand_domain",
    );
    const within = analyze("https://www.facebook.com/login?next=https%3A%2F%2Fwww.facebook.com%2F");
    expect(within.ids).toContain("official_brand_domain");
    expect(riskRules(within)).toEqual([]);
  });

  it("does not read a brand of one letter and a common word inside another word", () => {
    expect(analyze("https://mintmobile.com/").brand.detected).toBe(false);
    expect(analyze("https://www.mint-mobile-example.com/").brand.detected).toBe(false);
    expect(analyze("https://mytmobile-login.com/").brand).toMatchObject({ detected: true, brand: "T-Mobile" });
  });

  it("reads a brand's bare name on a code host as a project's name", () => {
    for (const raw of ["https://facebook.github.io/", "https://chai-slack.herokuapp.com/"]) {
      const r = analyze(raw);
      expect(r.brand.detected).toBe(false);
      expect(riskRules(r)).toEqual(["free_hosting"]);
    }
    expect(analyze("https://facebook-login.github.io/").brand).toMatchObject({ detected: true, brand: "Facebook" });
    expect(analyze("https://facebook-login.github.io/").ids).toContain("brand_combosquat");
    expect(analyze("https://facebook.github.io/login.html").brand).toMatchObject({ detected: true, brand: "Facebook" });
    // Platforms that serve finished sites keep reading a brand's name as the brand's.
    expect(analyze("https://adobe-pdf-share.web.app/view").brand.detected).toBe(true);
  });

  it("reads a short brand name as a whole subdomain of an ordinary site as initials", () => {
    const initials = analyze("https://citi.umich.edu/");
    const lure = analyze("https://citi.secure-alerts.example/");
    expect(riskRules(initials)).toEqual(["brand_brand_in_subdomain"]);
    expect(lure.ids).toEqual(expect.arrayContaining(["brand_brand_in_subdomain", "lure_words_domain"]));
    expect(prior(initials, "brand_brand_in_subdomain")).toBeLessThan(prior(lure, "brand_brand_in_subdomain"));
  });

  it("counts only keys that touch on a staggered keyboard as adjacent", () => {
    // "u" is not next to "k": an arbitrary change of a mid-length name stays a weak resemblance.
    const far = analyze("https://metamasu.com/");
    expect(far.brand.detected).toBe(false);
    // "j" is: a slip of the finger reads as the typosquat it is.
    const near = analyze("https://metamasj.com/");
    expect(near.brand).toMatchObject({ detected: true, brand: "MetaMask", technique: "typosquat" });
    expect(prior(near, "brand_typosquat")).toBeGreaterThan(prior(far, "brand_typosquat"));
  });

  it("does not treat a private site named after a government service as official", () => {
    expect(analyze("https://dmv.org/").ids).not.toContain("official_brand_domain");
  });
});

describe("government-only registries", () => {
  it.each([
    "https://pay.cityofmadison.gov/citation/pay",
    "https://www.dmv.ca.gov/portal/",
    "https://www.tax.service.gov.uk/account",
    "https://www.army.mil/",
  ])("reads %s as a government body's own site", (raw) => {
    const r = analyze(raw);
    expect(r.ids).toContain("government_domain");
    expect(r.ids).not.toContain("lure_subdomain");
    expect(r.brand.detected).toBe(false);
  });

  it.each(["https://dmv.gov-ticket.com/pay", "https://irs.gov.tax-refund.top/claim", "https://ca-gov.info/dmv"])(
    "does not take 'gov' in someone else's name (%s) for the registry",
    (raw) => {
      const r = analyze(raw);
      expect(r.ids).not.toContain("government_domain");
      expect(r.brand.detected).toBe(true);
      expect(r.ids).toEqual(expect.arrayContaining([`brand_${r.brand.technique}`, "lure_words_domain"]));
    },
  );
});

describe("seventh round: names made for a street charge, dressed-up hosts, sandboxes, and firms' own names", () => {
  it.each([
    "https://parkingpay-austin.example/meter/1182",
    "https://meterpay.example/",
    "https://ezpark-meter.example/pay",
    "https://parking-citations-portal.example/ticket?plate=7ABC123",
    "https://tollbypay-plate.example/lookup?plate=KX21ABC",
    "https://citymeter.example/m/3391",
    "https://ev-charge-pay.example/start?station=88",
    "https://parkeasy.pages.dev/zone/4471",
  ])("reads %s as a name made for a street charge", (raw) => {
    expect(analyze(raw).ids).toContain("street_payment_domain");
  });

  it.each([
    // Operators and authorities under their own names.
    "https://app.parkmobile.io/zone/start?zoneNumber=4471",
    "https://ev.chargepoint.com/station/1234567",
    "https://parking.cityofspringfield.gov/pay",
    // "park" and "charge" mean much else; a firm's own name is the firm's.
    "https://park-hotel.example/checkout",
    "https://phone-charger-shop.example/checkout",
    "https://park-smart-payments.example/about-us",
    "https://city-parking-group.example/pay",
    // A parking word without a payment in the name or the page.
    "https://parking-garage-reviews.example/",
  ])("does not read %s as one", (raw) => {
    expect(analyze(raw).ids).not.toContain("street_payment_domain");
  });

  it("reads a host dressed as www as a deception, a slip of the finger as nothing", () => {
    for (const raw of ["https://wvwv.example-shop.com/", "https://vvww-exchange.example/", "https://wwv.example.org/"])
      expect(analyze(raw).ids).toContain("fake_www");
    for (const raw of ["https://www.example.com/", "https://wwww.example.com/", "https://wvw.example/"])
      expect(analyze(raw).ids).not.toContain("fake_www");
  });

  it("reads a page in a code sandbox as anonymous hosting, a project's pages as free hosting", () => {
    for (const raw of ["https://tkx29.codesandbox.io/", "https://x7k2p.csb.app/", "https://quiet-lab.glitch.me/"])
      expect(analyze(raw).ids).toContain("anonymous_hosting");
    const pages = analyze("https://someone.github.io/project/");
    expect(pages.ids).toContain("free_hosting");
    expect(pages.ids).not.toContain("anonymous_hosting");
  });

  it("reads a French sign-in word in a site's name as a lure", () => {
    expect(analyze("https://pour-vous-identifier58.yolasite.com/").ids).toContain("lure_site_name");
  });

  it("does not find a brand named after a phrase in that phrase written out", () => {
    expect(analyze("https://impark.example/pay-by-phone").brand.detected).toBe(false);
    expect(analyze("https://cityofx.example/parking/pay-by-phone").brand.detected).toBe(false);
    expect(riskRules(analyze("https://cityofx.example/parking/pay-by-phone"))).toEqual([]);
    expect(analyze("https://evil.example/paybyphone/login").brand).toMatchObject({
      detected: true,
      brand: "PayByPhone",
    });
    expect(analyze("https://bank-of-america-secure.example/").brand).toMatchObject({ brand: "Bank of America" });
  });

  it("does not read a firm's own name with a payment page as a name made for the lure", () => {
    const made = analyze("https://council-tax-refund.example/claim");
    for (const raw of [
      "https://www.customs-tax-advisers.example/invoice",
      "https://www.payroll-services-group.example/employee/login",
      "https://www.securestorage-units.example/pay-rent",
    ]) {
      const firm = analyze(raw);
      expect(riskRules(firm), raw).toEqual(["lure_word_domain"]);
      expect(prior(firm, "lure_word_domain"), raw).toBeLessThan(prior(made, "lure_word_domain"));
    }
  });
});

describe("names built from two words that carry a scam", () => {
  it("counts strong lure words glued into one token one by one", () => {
    expect(analyze("https://mobile-cancelpayee.example/").ids).toContain("lure_words_domain");
  });

  it("reads a name built around two such words beside another as medium risk, unless a trade word names a firm", () => {
    const lure = analyze("https://lbc-colis-suivi.example/");
    expect(lure.ids).toContain("lure_word_domain");
    const firm = analyze("https://tax-refund-advisers.example/");
    expect(riskRules(firm)).toEqual(["lure_word_domain"]);
    expect(prior(firm, "lure_word_domain")).toBeLessThan(prior(lure, "lure_word_domain"));
    // One such word beside ordinary ones is how shops name themselves.
    const shop = analyze("https://aircon-service.example/book");
    expect(riskRules(shop)).toEqual(["lure_word_domain"]);
    expect(prior(shop, "lure_word_domain")).toBeLessThan(prior(lure, "lure_word_domain"));
  });
});

describe("Kleinanzeigen, no longer eBay's", () => {
  it("reads its own domains as official and a lookalike with a payment page as high risk", () => {
    for (const raw of ["https://www.kleinanzeigen.de/s-anzeige/123", "https://ebay-kleinanzeigen.de/"]) {
      const r = analyze(raw);
      expect(r.ids).toContain("official_brand_domain");
      expect(riskRules(r)).toEqual([]);
    }
    const lookalike = analyze("https://kleinanzeigen-zahlung.example/pay");
    expect(lookalike.brand).toMatchObject({ detected: true, brand: "Kleinanzeigen" });
    expect(lookalike.ids).toEqual(expect.arrayContaining(["brand_combosquat", "lure_word_domain"]));
  });
});

describe("eighth round: street charges on hosts, cheap endings and short links; pages in CamelCase; more brands", () => {
  it("reads a street charge or a sign-in code in a hosted site's name as a lure, not a shop's name", () => {
    for (const raw of ["https://park-meter-9921.vercel.app/", "https://docs-review-2fa.firebaseapp.com/"])
      expect(analyze(raw).ids).toEqual(expect.arrayContaining(["free_hosting", "lure_site_name"]));
    // "park" alone names hotels and tours; a menu is a menu.
    for (const raw of ["https://park-hotel-tours.netlify.app/", "https://tacos-menu-2024.vercel.app/"])
      expect(analyze(raw).ids).not.toContain("lure_site_name");
  });

  it("reads a name spelled from a street charge's words on a cheap ending as one, with no page to show it", () => {
    for (const raw of ["https://quickmeter.live/", "https://smartpark-citypay.online/start"])
      expect(analyze(raw).ids).toEqual(expect.arrayContaining(["street_payment_domain", "risky_tld"]));
    // The same names on an ordinary ending need the page too.
    expect(analyze("https://quickmeter.example/").ids).not.toContain("street_payment_domain");
    // A firm's own name stays the firm's, on any ending.
    expect(analyze("https://city-parking-group.online/").ids).not.toContain("street_payment_domain");
  });

  it("reads digits as word breaks in such a name", () => {
    expect(analyze("https://pay4parking.example/").ids).toContain("street_payment_domain");
  });

  it("reads a short link named for paying a street charge as a lure, other short links as short links", () => {
    for (const raw of ["https://bit.ly/park-zone-pay", "https://tinyurl.com/meter-pay-4471"])
      expect(analyze(raw).ids).toEqual(expect.arrayContaining(["shortener", "street_payment_short_link"]));
    for (const raw of ["https://bit.ly/harbor-menu", "https://bit.ly/cityparking", "https://bit.ly/3xYzAbC"]) {
      const r = analyze(raw);
      expect(r.ids).toEqual(["shortener"]);
    }
  });

  it("reads a script in the uploads folder as a hidden page, an uploaded page as a weaker one", () => {
    const script = analyze("https://bakery.example/wp-content/uploads/2026/10/pay/index.php");
    const page = analyze("https://bakery.example/wp-content/uploads/2026/10/menu.html");
    expect(script.ids).toContain("hidden_page");
    expect(page.ids).toContain("hidden_page");
    expect(prior(page, "hidden_page")).toBeLessThan(prior(script, "hidden_page"));
  });

  it("reads the words of a CamelCase folder as what the page asks for", () => {
    expect(pathAsksFor("/gb/data/CathayRefund/index.php")).toBe("refund");
    expect(pathAsksFor("/build/Notificaciones_Banco/Home.html")).toBe("notificaciones");
    // Short words do not count inside such a name; random ids are no names.
    expect(pathAsksFor("/IdCard/MyAppPayDay")).toBeNull();
    expect(pathAsksFor("/FAIpQLSdJ/viewform")).toBeNull();
  });

  it("knows more of the banks, wallets, carriers and telecoms phishing names, and not their neighbours", () => {
    expect(analyze("https://hdfcbank-kyc-update.example/").brand).toMatchObject({ detected: true, brand: "HDFC Bank" });
    expect(analyze("https://example.net/diepost/manage/login").brand).toMatchObject({ brand: "Swiss Post" });
    expect(analyze("https://nypost.com/").brand.detected).toBe(false);
    expect(analyze("https://www.hdfcbank.com/personal/login").ids).toContain("official_brand_domain");
  });
});

describe("eighth round: a brand beside lure words only", () => {
  it("reads a brand with two or more of the weaker lure words and nothing else as impersonation", () => {
    for (const raw of ["https://adobe-sign-document.example/view", "https://docusign-envelope-review.example/"]) {
      const r = analyze(raw);
      expect(r.brand).toMatchObject({ detected: true, technique: "combosquat" });
      expect(r.ids).toContain("brand_combosquat");
    }
  });

  it("does not read a brand beside one such word, or beside a word of another kind, as more than a mention", () => {
    for (const raw of ["https://adobe-review.example/", "https://adobe-sign-training.example/"]) {
      const r = analyze(raw);
      expect(r.brand.detected, raw).toBe(false);
      expect(riskRules(r), raw).toEqual(["brand_combosquat"]);
    }
  });
});

describe("eighth round: hijacked sites' folders, more platforms and words", () => {
  it.each([
    "https://shop.example/templates/beez/index.php",
    "https://shop.example/components/com_jce/editor/libraries/views/popups/tmpl/",
    "https://shop.example/modules/mod_login/tmpl/default.php",
  ])("reads %s, inside Joomla's component, module and template folders, as a hidden page", (raw) => {
    expect(analyze(raw).ids).toContain("hidden_page");
  });

  it("does not read what those folders hand out, or Joomla's own routed pages, as hidden", () => {
    for (const raw of [
      "https://shop.example/components/com_content/images/logo.png",
      "https://shop.example/index.php?option=com_content&view=article&id=4",
    ])
      expect(analyze(raw).ids).not.toContain("hidden_page");
  });

  it("reads Blogger under a country's ending as Blogger", () => {
    for (const raw of ["https://someone.blogspot.kr/", "https://someone.blogspot.com.br/"])
      expect(analyze(raw).ids).toContain("free_hosting");
  });

  it.each([
    "https://shop.example/xml/webmail/",
    "https://shop.example/giris",
    "https://shop.example/app/acesso/promo.php",
  ])("reads a mailbox sign-in folder and sign-in words in Turkish and Portuguese as sign-in words: %s", (raw) => {
    expect(analyze(raw).ids).toContain("credential_words");
  });

  it("knows more shorteners and page hosts", () => {
    expect(analyze("https://ht.ly/CEB330abc").ids).toContain("shortener");
    expect(analyze("https://someone.ghost.io/post/").ids).toContain("free_hosting");
  });
});
