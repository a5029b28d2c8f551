// Letters, notices and bills of the kinds scams imitate, with the legitimate documents they imitate, as HTML.
// Each variant records the phone numbers and links printed on it, so OCR can be scored on exact recovery.
// Scam numbers are in the 555-01xx block reserved for fiction; scam domains are invented look-alikes.

export type Label = "scam" | "legit";

export interface DocumentSpec {
  readonly id: string;
  readonly template: string;
  readonly label: Label;
  readonly html: string;
  /** Phone numbers as printed. */
  readonly phones: readonly string[];
  /** Links as printed (scheme optional). */
  readonly urls: readonly string[];
}

type Rng = () => number;

/** mulberry32: a small seeded generator, so the set is the same on every run. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
const digits = (rng: Rng, n: number): string => Array.from({ length: n }, () => Math.floor(rng() * 10)).join("");
const money = (rng: Rng, lo: number, hi: number): string =>
  (lo + rng() * (hi - lo)).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fictionPhone = (rng: Rng, area: string): string => `(${area}) 555-01${digits(rng, 2)}`;

const PEOPLE = ["Maria Lopez", "James Carter", "Linda Nguyen", "Robert Hill", "Susan Patel", "David Kim"];
const STREETS = ["1420 Oak Street", "88 Maple Avenue, Apt 4B", "305 Pine Road", "72 Cedar Lane", "910 Elm Drive"];
const CITIES = ["Albany, NY 12207", "Tampa, FL 33602", "Oakland, CA 94607", "Austin, TX 78701", "Raleigh, NC 27601"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October"];

function page(body: string, accent: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  @page { size: Letter; margin: 0 }
  body { margin: 0; font-family: "Liberation Sans", "DejaVu Sans", sans-serif; color: #111; }
  .sheet { width: 816px; height: 1056px; box-sizing: border-box; padding: 56px 64px; background: #fff; }
  .head { border-bottom: 4px solid ${accent}; padding-bottom: 10px; margin-bottom: 22px; display: flex;
          justify-content: space-between; align-items: flex-end; }
  .org { font-size: 28px; font-weight: bold; color: ${accent}; }
  .small { font-size: 13px; color: #333; }
  h1 { font-size: 22px; margin: 18px 0 10px; }
  p, li, td { font-size: 16px; line-height: 1.45; }
  table { border-collapse: collapse; width: 100%; margin: 12px 0; }
  td { border: 1px solid #999; padding: 6px 10px; }
  .box { border: 2px solid ${accent}; padding: 12px 16px; margin: 16px 0; }
  .foot { margin-top: 26px; font-size: 13px; color: #333; border-top: 1px solid #bbb; padding-top: 8px; }
  </style></head><body><div class="sheet">${body}</div></body></html>`;
}

function address(rng: Rng): { name: string; lines: string } {
  const name = pick(rng, PEOPLE);
  return { name, lines: `${name}<br>${pick(rng, STREETS)}<br>${pick(rng, CITIES)}` };
}

function date(rng: Rng): string {
  return `${pick(rng, MONTHS)} ${1 + Math.floor(rng() * 27)}, 2026`;
}

const TOLL_BRANDS = [
  { name: "E-ZPass", slug: "ezpass", accent: "#6b2c91" },
  { name: "SunPass", slug: "sunpass", accent: "#e36f1e" },
  { name: "FasTrak", slug: "fastrak", accent: "#1d5fa8" },
  { name: "TxTag", slug: "txtag", accent: "#9b1c1c" },
] as const;

function tollScam(rng: Rng, id: string): DocumentSpec {
  const b = pick(rng, TOLL_BRANDS);
  const host = pick(rng, [`${b.slug}-tollpay.com`, `pay-${b.slug}-toll.info`, `${b.slug}.toll-services.net`]);
  const url = `https://${host}/notice/${digits(rng, 6)}`;
  const phone = fictionPhone(rng, pick(rng, ["877", "888", "646", "305"]));
  const a = address(rng);
  const html = page(
    `<div class="head"><div class="org">${b.name} Toll Services</div><div class="small">Notice No. TN-${digits(rng, 7)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <h1>FINAL NOTICE: UNPAID TOLL</h1>
    <p>Dear ${a.name},</p>
    <p>Our records show an outstanding toll balance of <b>$${money(rng, 3, 13)}</b> for your vehicle. To avoid a late fee
    of $50.00 and the suspension of your vehicle registration, pay within 48 hours.</p>
    <div class="box"><p><b>Pay now:</b> ${url}</p><p>Questions: call ${phone}</p></div>
    <p>If payment is not received, your case will be referred to the DMV and a collection agency.</p>
    <div class="foot">${b.name} Customer Service Center. Do not reply to this notice.</div>`,
    b.accent,
  );
  return { id, template: "toll_scam", label: "scam", html, phones: [phone], urls: [url] };
}

const SUPPORT_BRANDS = ["Norton LifeLock", "McAfee Total Protection", "Geek Squad Services", "PayPal Billing"];

function invoiceCallback(rng: Rng, id: string): DocumentSpec {
  const brand = pick(rng, SUPPORT_BRANDS);
  const phone = `+1 ${fictionPhone(rng, pick(rng, ["808", "844", "866", "415"]))}`;
  const a = address(rng);
  const amount = money(rng, 289, 649);
  const html = page(
    `<div class="head"><div class="org">${brand}</div><div class="small">INVOICE</div></div>
    <p>Bill to:<br>${a.lines}</p>
    <table><tr><td>Invoice number</td><td>INV-${digits(rng, 8)}</td></tr>
    <tr><td>Invoice date</td><td>${date(rng)}</td></tr>
    <tr><td>Product</td><td>3-Year Premium Protection Plan (auto-renewal)</td></tr>
    <tr><td>Payment method</td><td>Card on file</td></tr>
    <tr><td><b>Total charged</b></td><td><b>$${amount}</b></td></tr></table>
    <p>Thank you for your purchase. The amount will appear on your statement within 24 hours.</p>
    <div class="box"><p>If you did not authorize this renewal or wish to cancel and receive a refund, call our
    cancellation department at <b>${phone}</b> within 24 hours.</p></div>
    <div class="foot">This is an automatically generated invoice. Customer ID ${digits(rng, 6)}.</div>`,
    "#0b5394",
  );
  return { id, template: "invoice_callback", label: "scam", html, phones: [phone], urls: [] };
}

const COUNTIES = ["Hillsborough", "Travis", "Alameda", "Wake", "Albany"];

function juryScam(rng: Rng, id: string): DocumentSpec {
  const county = pick(rng, COUNTIES);
  const phone = fictionPhone(rng, pick(rng, ["213", "512", "919", "813"]));
  const a = address(rng);
  const card = pick(rng, ["Target or Apple gift cards", "Google Play gift cards", "Visa prepaid gift cards"]);
  const html = page(
    `<div class="head"><div class="org">Superior Court of ${county} County</div><div class="small">Case No. ${digits(rng, 2)}-CR-${digits(rng, 6)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <h1>NOTICE OF FAILURE TO APPEAR FOR JURY DUTY</h1>
    <p>You were summoned for jury service and failed to appear. A bench warrant has been issued for your arrest.</p>
    <p>To avoid arrest, you must pay a bond of <b>$${money(rng, 900, 2500)}</b> today. Payment is accepted in ${card}.
    Call the Clerk's Office at <b>${phone}</b> and read the card numbers to the officer.</p>
    <div class="box"><p>Do not discuss this matter with anyone. Failure to comply will result in immediate arrest by
    the Sheriff's Department.</p></div>
    <div class="foot">Office of the Clerk, Jury Services Division.</div>`,
    "#222222",
  );
  return { id, template: "jury_scam", label: "scam", html, phones: [phone], urls: [] };
}

function taxScam(rng: Rng, id: string): DocumentSpec {
  const phone = fictionPhone(rng, pick(rng, ["202", "888", "877"]));
  const url = `www.${pick(rng, ["irs-taxrelief-center.com", "treasury-settlement.org", "irs-gov.payments-portal.net"])}`;
  const a = address(rng);
  const method = pick(rng, ["Bitcoin", "wire transfer", "Zelle"]);
  const html = page(
    `<div class="head"><div class="org">Internal Revenue Service</div><div class="small">Reference ${digits(rng, 3)}-${digits(rng, 4)}-${digits(rng, 4)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <h1>FINAL NOTICE OF INTENT TO LEVY</h1>
    <p>You owe <b>$${money(rng, 1800, 7200)}</b> in unpaid federal taxes. A warrant for your arrest will be issued and
    your bank accounts frozen unless this balance is settled by ${date(rng)}.</p>
    <div class="box"><p>Settle immediately by ${method}. Instructions at ${url} or call ${phone}.</p></div>
    <p>Please have this letter ready when you call.</p>
    <div class="foot">Department of the Treasury.</div>`,
    "#1f3b64",
  );
  return { id, template: "tax_scam", label: "scam", html, phones: [phone], urls: [url] };
}

const UTILITIES = [
  { name: "PG&amp;E", domain: "pge.com", phone: "1-800-743-5000", accent: "#0a4a8a" },
  { name: "Con Edison", domain: "coned.com", phone: "1-800-752-6633", accent: "#0067a5" },
  { name: "Duke Energy", domain: "duke-energy.com", phone: "800.777.9898", accent: "#00857c" },
] as const;

function utilityBill(rng: Rng, id: string): DocumentSpec {
  const u = pick(rng, UTILITIES);
  const a = address(rng);
  const url = `www.${u.domain}/pay`;
  const html = page(
    `<div class="head"><div class="org">${u.name}</div><div class="small">Account ${digits(rng, 4)} ${digits(rng, 4)} ${digits(rng, 2)}</div></div>
    <p>${a.lines}</p>
    <h1>Your Energy Statement</h1>
    <table><tr><td>Statement date</td><td>${date(rng)}</td></tr>
    <tr><td>Previous balance</td><td>$${money(rng, 40, 190)}</td></tr>
    <tr><td>Payment received - thank you</td><td>-$${money(rng, 40, 190)}</td></tr>
    <tr><td>Electric charges</td><td>$${money(rng, 40, 190)}</td></tr>
    <tr><td><b>Amount due</b></td><td><b>$${money(rng, 40, 190)}</b></td></tr>
    <tr><td>Due date</td><td>${date(rng)}</td></tr></table>
    <p>Pay online at ${url}, with AutoPay, or by mail with the stub below. Questions about your bill: ${u.phone}.</p>
    <p>We will never call to demand immediate payment by gift card or prepaid card.</p>
    <div class="foot">Save energy tips: set your thermostat to 68 degrees in winter.</div>`,
    u.accent,
  );
  return { id, template: "utility_bill", label: "legit", html, phones: [u.phone], urls: [url] };
}

const PHARMACIES = [
  { name: "CVS Pharmacy", domain: "cvs.com", phone: "1-800-746-7287", accent: "#cc0000" },
  { name: "Walgreens", domain: "walgreens.com", phone: "1-800-925-4733", accent: "#e31837" },
] as const;

function pharmacyLetter(rng: Rng, id: string): DocumentSpec {
  const p = pick(rng, PHARMACIES);
  const a = address(rng);
  const url = `${p.domain}/account`;
  const html = page(
    `<div class="head"><div class="org">${p.name}</div><div class="small">Rx ${digits(rng, 7)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <p>Dear ${a.name},</p>
    <p>Your prescription refill is ready for pickup at your local store. Your insurance plan covered the cost; your
    copay is $${money(rng, 0, 15)}. You can manage refills and reminders at ${url}.</p>
    <p>If you have questions about your medication, speak with your pharmacist or call ${p.phone}.</p>
    <p>Sincerely,<br>Your ${p.name} team</p>
    <div class="foot">This letter contains health information. If you received it by mistake, please return it.</div>`,
    p.accent,
  );
  return { id, template: "pharmacy_letter", label: "legit", html, phones: [p.phone], urls: [url] };
}

function tollStatement(rng: Rng, id: string): DocumentSpec {
  const a = address(rng);
  const url = "www.e-zpassny.com";
  const phone = "1-800-333-8655";
  const html = page(
    `<div class="head"><div class="org">E-ZPass New York</div><div class="small">Account ${digits(rng, 9)}</div></div>
    <p>${a.lines}</p>
    <h1>Account Statement</h1>
    <table><tr><td>Statement period</td><td>${date(rng)} - ${date(rng)}</td></tr>
    <tr><td>Opening balance</td><td>$${money(rng, 20, 60)}</td></tr>
    <tr><td>Tolls</td><td>-$${money(rng, 5, 40)}</td></tr>
    <tr><td>Automatic replenishment</td><td>$25.00</td></tr>
    <tr><td><b>Closing balance</b></td><td><b>$${money(rng, 20, 60)}</b></td></tr></table>
    <p>No payment is due: your account replenishes automatically from the card on file. View your trips at ${url}
    or call the Customer Service Center at ${phone}.</p>
    <div class="foot">E-ZPass New York Customer Service Center, P.O. Box 15186, Albany, NY 12212-5186.</div>`,
    "#6b2c91",
  );
  return { id, template: "toll_statement", label: "legit", html, phones: [phone], urls: [url] };
}

function jurySummons(rng: Rng, id: string): DocumentSpec {
  const county = pick(rng, COUNTIES);
  const a = address(rng);
  const url = "www.jury.nycourts.gov";
  const html = page(
    `<div class="head"><div class="org">${county} County Jury Services</div><div class="small">Juror ID ${digits(rng, 9)}</div></div>
    <p>${a.lines}</p>
    <h1>Summons for Jury Service</h1>
    <p>You are summoned to appear for jury service on ${date(rng)} at 8:30 a.m. Please complete your juror
    questionnaire online at ${url} within 10 days.</p>
    <p>The court will never ask you for money, gift cards or payment of any kind by phone or email. If someone
    calls claiming you missed jury duty and asks for payment, hang up.</p>
    <p>Parking is available in the public garage across the street.</p>
    <div class="foot">Commissioner of Jurors.</div>`,
    "#333366",
  );
  return { id, template: "jury_summons", label: "legit", html, phones: [], urls: [url] };
}

export const TEMPLATES = [
  tollScam,
  invoiceCallback,
  juryScam,
  taxScam,
  utilityBill,
  pharmacyLetter,
  tollStatement,
  jurySummons,
] as const;

/** `perTemplate` variants of every template, deterministic for a given seed. */
export function buildSpecs(perTemplate: number, seed = 20261123): DocumentSpec[] {
  const rng = seeded(seed);
  const specs: DocumentSpec[] = [];
  for (const t of TEMPLATES) {
    for (let i = 0; i < perTemplate; i++)
      specs.push(t(rng, `${t.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-${i + 1}`));
  }
  return specs;
}
