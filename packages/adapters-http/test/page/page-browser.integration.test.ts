// The checker page in Debian's Chromium (playwright-core), at 1280 and 390 px: each kind of paste and upload, every
// part of the answer, the language switch, the share link, a keyboard-only run, and axe-core on the page and on an
// answer (no serious or critical violation). Screenshots go to test-artifacts/ to be looked at.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAGIC_DOCUMENT_PDF_BASE64, MAGIC_QR_PNG_BASE64 } from "@scamverify/core";
import { ARTIFACTS, launchChromium } from "../support/browser.js";
import { startPageServer, type PageTestServer } from "./support.js";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let srv: PageTestServer;
let browser: Browser;

beforeAll(async () => {
  srv = await startPageServer({ page: { limits: { perMinute: 1000, perDay: 1000, reportsPerHour: 1000 } } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await srv?.close();
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's WCAG 2.2 A/AA rules and best practices; the serious and critical violations, described. */
async function axeProblems(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  // Evaluated as a string: the test's own TypeScript has no DOM types.
  const violations = (await page.evaluate(`axe
    .run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    })
    .then((out) => out.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`)) as AxeViolation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

async function open(width: number, js = true): Promise<{ page: Page; csp: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width, height: width > 600 ? 900 : 844 },
    javaScriptEnabled: js,
    locale: "en-US",
  });
  const page = await context.newPage();
  const csp: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) csp.push(m.text());
  });
  return { page, csp, close: () => context.close() };
}

async function submit(page: Page, text: string): Promise<string | null> {
  await page.goto(`${srv.baseUrl}/`);
  await page.fill("#content", text);
  await Promise.all([page.waitForURL(/\/check$/), page.getByRole("button", { name: "Check it" }).click()]);
  return page.getAttribute("#verdict", "data-verdict");
}

/** A phone screenshot of a conversation, drawn by the browser itself (390 x 844). */
async function chatScreenshot(): Promise<Buffer> {
  const { page, close } = await open(390);
  await page.setContent(
    `<body style="margin:0;font:20px/1.4 sans-serif;background:#fff"><div style="padding:24px">
     <p style="color:#555">+1 (202) 555-0147</p>
     <p style="background:#e9e9eb;border-radius:18px;padding:14px 18px;max-width:300px">USPS: Your package is on hold due to an incomplete address. Pay the $1.99 redelivery fee today at usps-redelivery-care.top to avoid return.</p>
     </div></body>`,
  );
  const png = await page.screenshot({ fullPage: false });
  await close();
  return png;
}

const TOLL =
  "E-ZPass: you have an unpaid toll of $4.15. Pay by today to avoid a $50 late fee: https://ezpass-ny.top/pay";

describe.each([1280, 390])("the checker page at %i px", (width) => {
  it("has no serious or critical accessibility violation, on the page and on an answer, and no CSP refusal", async () => {
    const { page, csp, close } = await open(width);
    try {
      await page.goto(`${srv.baseUrl}/`);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}page-home-${width}.png`, fullPage: true });
      expect(await submit(page, TOLL)).toBe("scam");
      // Every part of the answer.
      for (const id of ["#verdict", "#why-title", "#steps-title", "#checked-title", "#help-title", "#share-title"]) {
        expect(await page.isVisible(id), id).toBe(true);
      }
      expect(await page.textContent("#verdict-title")).toBe("Scam");
      expect(await page.isVisible("#report-scam")).toBe(true);
      expect(await page.isVisible("#not-scam")).toBe(true);
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}page-answer-${width}.png`, fullPage: true });
      await page.screenshot({ path: `${ARTIFACTS}page-answer-top-${width}.png` });
      // Nothing scrolls sideways on a phone.
      const overflow = (await page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
      )) as number;
      expect(overflow).toBeLessThanOrEqual(0);
      expect(csp).toEqual([]);
    } finally {
      await close();
    }
  });

  it("checks each kind of paste", async () => {
    const { page, close } = await open(width);
    try {
      expect(await submit(page, "service@paypa1-support.com")).toBe("scam");
      expect(await page.textContent("main")).toContain("an email address");
      expect(await submit(page, "(855) 439-5123")).toBe("low_risk");
      expect(await page.getAttribute("#verdict", "data-state")).toBe("unsure");
      expect(await page.textContent("#verdict-title")).toBe("Not sure");
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}page-unsure-${width}.png`, fullPage: true });
      const link = await submit(page, "http://secure-paypa1.com.verify-account.top/login");
      expect(["high_risk", "scam"]).toContain(link);
      expect(await page.textContent("main")).toContain("a link");
      const email = await submit(
        page,
        "From: PayPal <service@paypa1-support.com>\nTo: you@example.com\nSubject: Your account is limited\n\nVerify your identity within 24 hours at https://paypa1-support.com/verify or your account will be closed.",
      );
      expect(["high_risk", "scam"]).toContain(email);
    } finally {
      await close();
    }
  });
});

describe("as an app", () => {
  it("has a manifest Chromium reads without errors, and nothing else keeps it from being installed", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${srv.baseUrl}/`);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      // A test browser context is incognito, where nothing installs; no other reason (icons, a service worker) is left.
      expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("lands a share from a phone's share sheet (the share target's POST) in the check", async () => {
    const { page, csp, close } = await open(390);
    try {
      // What the share sheet sends, as the manifest's share_target declares it: title, text and url, multipart.
      await page.goto(`${srv.baseUrl}/manifest.webmanifest`);
      await page.setContent(
        `<form id="share" method="post" enctype="multipart/form-data" action="${srv.baseUrl}/check">
         <input name="title" value="Messages"><textarea name="text">E-ZPass: unpaid toll of $4.15, pay today to avoid a late fee</textarea>
         <input name="url" value="https://ezpass-ny.top/pay"></form>`,
      );
      await Promise.all([page.waitForURL(/\/check$/), page.evaluate("document.getElementById('share').submit()")]);
      expect(await page.getAttribute("#verdict", "data-verdict")).toBe("scam");
      expect(await axeProblems(page)).toEqual([]);
      expect(csp).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("reflow", () => {
  it.each([320, 640])("nothing scrolls sideways at %i px (1280 px at 400%% and 200%% zoom)", async (width) => {
    const { page, close } = await open(width);
    try {
      const sideways = async (): Promise<number> =>
        (await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")) as number;
      await page.goto(`${srv.baseUrl}/`);
      expect(await sideways()).toBeLessThanOrEqual(0);
      expect(await submit(page, TOLL)).toBe("scam");
      expect(await sideways()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${ARTIFACTS}page-answer-${width}.png`, fullPage: true });
    } finally {
      await close();
    }
  });
});

describe("uploads, languages, sharing and the keyboard", () => {
  it("reads a screenshot of a conversation as a message, a PDF as a document and a QR image as a QR code", async () => {
    const shot = await chatScreenshot();
    const { page, close } = await open(390);
    try {
      await page.goto(`${srv.baseUrl}/`);
      await page.setInputFiles("#file", { name: "chat.png", mimeType: "image/png", buffer: shot });
      await Promise.all([page.waitForURL(/\/check$/), page.getByRole("button", { name: "Check it" }).click()]);
      expect(await page.textContent("main")).toContain("a screenshot of a message");
      expect(["medium_risk", "high_risk", "scam"]).toContain(await page.getAttribute("#verdict", "data-verdict"));
      await page.screenshot({ path: `${ARTIFACTS}page-screenshot-answer-390.png`, fullPage: true });

      await page.goto(`${srv.baseUrl}/`);
      await page.setInputFiles("#file", {
        name: "letter.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from(MAGIC_DOCUMENT_PDF_BASE64.high_risk, "base64"),
      });
      await Promise.all([page.waitForURL(/\/check$/), page.getByRole("button", { name: "Check it" }).click()]);
      expect(await page.textContent("main")).toContain("a document or letter");

      await page.goto(`${srv.baseUrl}/`);
      await page.setInputFiles("#file", {
        name: "code.png",
        mimeType: "image/png",
        buffer: Buffer.from(MAGIC_QR_PNG_BASE64.safe, "base64"),
      });
      await Promise.all([page.waitForURL(/\/check$/), page.getByRole("button", { name: "Check it" }).click()]);
      expect(await page.textContent("main")).toContain("a QR code");
    } finally {
      await close();
    }
  });

  it("switches to Spanish on the form and on the answer, and shares a link that opens the result", async () => {
    const { page, close } = await open(1280);
    try {
      await page.goto(`${srv.baseUrl}/`);
      await page.getByRole("link", { name: "Español" }).click();
      expect(await page.getAttribute("html", "lang")).toBe("es");
      expect(await page.textContent("h1")).toBe("¿Es una estafa?");
      await page.goto(`${srv.baseUrl}/`);
      await page.fill("#content", TOLL);
      await Promise.all([page.waitForURL(/\/check$/), page.getByRole("button", { name: "Check it" }).click()]);
      await Promise.all([page.waitForURL(/\/check\/view$/), page.getByRole("button", { name: "Español" }).click()]);
      expect(await page.getAttribute("html", "lang")).toBe("es");
      expect(await page.textContent("#verdict-title")).toBe("Estafa");
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}page-answer-es-1280.png`, fullPage: true });
      await Promise.all([
        page.waitForURL(/\/check\/share$/),
        page.getByRole("button", { name: "Crear un enlace para compartir" }).click(),
      ]);
      const link = await page.inputValue("#share-url");
      expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
      await page.goto(link);
      expect(await page.getAttribute("#verdict", "data-verdict")).toBe("scam");
      expect(await page.textContent("main")).not.toContain("avoid a $50 late fee");
    } finally {
      await close();
    }
  });

  it("can be used with the keyboard alone, without JavaScript", async () => {
    const { page, close } = await open(1280, false);
    try {
      await page.goto(`${srv.baseUrl}/`);
      await page.keyboard.press("Tab");
      expect(await page.evaluate("document.activeElement.textContent")).toBe("Skip to content");
      await page.keyboard.press("Enter");
      // From the skipped-to content, Tab reaches the box, the file input, the options and the button.
      const reached: string[] = [];
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press("Tab");
        reached.push((await page.evaluate("document.activeElement.id || document.activeElement.tagName")) as string);
        if (reached.at(-1) === "content") await page.keyboard.type(TOLL);
      }
      expect(reached).toContain("content");
      expect(reached).toContain("file");
      // The focused element shows a visible outline.
      const outline = await page.evaluate("getComputedStyle(document.activeElement).outlineStyle");
      expect(outline).not.toBe("none");
      await page.focus("button[type=submit]");
      await Promise.all([page.waitForURL(/\/check$/), page.keyboard.press("Enter")]);
      expect(await page.getAttribute("#verdict", "data-verdict")).toBe("scam");
      await page.focus("#report-scam");
      await Promise.all([page.waitForURL(/\/check\/report$/), page.keyboard.press("Enter")]);
      expect(await page.textContent("#notice")).toContain("Thank you");
      await page.screenshot({ path: `${ARTIFACTS}page-keyboard-reported-1280.png`, fullPage: false });
    } finally {
      await close();
    }
  });
});
