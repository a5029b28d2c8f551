// Letters, notices and bills of the kinds scams imitate, with the legitimate documents they imitate, as HTML.
// Each variant records the phone numbers and links printed on it, so OCR can be scored on exact recovery.
// Scam numbers are in the 555-01xx block reserved for fiction; scam domains are invented look-alikes.

import QRCode from "qrcode";

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

// ---- Kinds added to test generalisation: eight more scam letters and eight more genuine ones. ----

/** A QR code as inline SVG (one rect per dark module), so the page needs no image files. */
function qrSvg(text: string, px = 132): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  const cells: string[] = [];
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) if (modules.data[y * n + x]) cells.push(`M${x + 4} ${y + 4}h1v1h-1z`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${n + 8} ${n + 8}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="${cells.join("")}" fill="#000"/></svg>`;
}

const CITY_GOV = [
  { city: "Austin", state: "TX", domain: "austintexas.gov", slug: "austin" },
  { city: "Tampa", state: "FL", domain: "tampa.gov", slug: "tampa" },
  { city: "Raleigh", state: "NC", domain: "raleighnc.gov", slug: "raleigh" },
  { city: "Oakland", state: "CA", domain: "oaklandca.gov", slug: "oakland" },
] as const;
const PLATES = (rng: Rng): string => `${pick(rng, ["KLM", "TXA", "BRV", "HGZ", "NDP"])}-${digits(rng, 4)}`;

function parkingCitationScam(rng: Rng, id: string): DocumentSpec {
  const c = pick(rng, CITY_GOV);
  const host = pick(rng, [
    `${c.slug}-parking-pay.com`,
    `citypay-${c.slug}.net`,
    `${c.slug}.parkingfines-online.com`,
    `pay-${c.slug}citation.info`,
  ]);
  const url = `https://${host}/c/${digits(rng, 7)}`;
  const a = address(rng);
  const html = page(
    `<div class="head"><div class="org">City of ${c.city} Parking Enforcement</div><div class="small">Citation No. PC${digits(rng, 8)}</div></div>
    <p>${a.lines}</p><p>Issued: ${date(rng)}</p>
    <h1>PARKING VIOLATION - SECOND NOTICE</h1>
    <table><tr><td>Plate</td><td>${PLATES(rng)} (${c.state})</td></tr>
    <tr><td>Violation</td><td>${pick(rng, ["Expired meter", "No parking zone", "Overtime parking", "Loading zone"])}</td></tr>
    <tr><td><b>Fine due</b></td><td><b>$${money(rng, 35, 95)}</b></td></tr></table>
    <p>Your citation is now past due. Pay within 3 days to avoid a $${money(rng, 60, 120)} penalty, a tow order and a
    hold on your registration renewal.</p>
    <div class="box" style="display:flex;gap:20px;align-items:center">${qrSvg(url)}
    <div><p><b>Scan to pay instantly</b> with your phone camera, or visit<br>${url}</p>
    <p>Card, Apple Pay and Google Pay accepted.</p></div></div>
    <div class="foot">Parking Enforcement Division. Payments are processed by our authorized online partner.</div>`,
    "#2d5a27",
  );
  return { id, template: "parking_citation_scam", label: "scam", html, phones: [], urls: [url] };
}

const CARRIERS = [
  { name: "USPS", long: "U.S. Postal Service", slug: "usps" },
  { name: "UPS", long: "UPS Delivery Services", slug: "ups" },
  { name: "FedEx", long: "FedEx Ground", slug: "fedex" },
] as const;

function deliveryFeeScam(rng: Rng, id: string): DocumentSpec {
  const c = pick(rng, CARRIERS);
  const host = pick(rng, [`${c.slug}-redelivery.com`, `${c.slug}.parcel-reschedule.net`, `redeliver-${c.slug}.info`]);
  const url = `${host}/${digits(rng, 6)}`;
  const phone = fictionPhone(rng, pick(rng, ["844", "866", "702"]));
  const a = address(rng);
  const html = page(
    `<div class="head"><div class="org">${c.long}</div><div class="small">Tracking ${digits(rng, 4)} ${digits(rng, 4)} ${digits(rng, 4)} ${digits(rng, 4)}</div></div>
    <h1>We Missed You! Delivery Attempt Notice</h1>
    <p>For: ${a.lines}</p>
    <p>We attempted to deliver your package on ${date(rng)} but the address label was incomplete. Your parcel is
    being held at our local facility.</p>
    <div class="box"><p>To schedule redelivery, a <b>redelivery fee of $${money(rng, 1, 4)}</b> must be paid. Go to
    <b>${url}</b> and enter your tracking number.</p>
    <p>Packages not rescheduled within 48 hours will be returned to the sender.</p></div>
    <p>Need help? Call ${phone}, 8 a.m. to 8 p.m.</p>
    <div class="foot">${c.name} Notice of Attempted Delivery. Keep this card for your records.</div>`,
    "#4b2e83",
  );
  return { id, template: "delivery_fee_scam", label: "scam", html, phones: [phone], urls: [url] };
}

const UTILITY_NAMES = ["City Power &amp; Light", "Metro Gas and Electric", "Evergreen Energy", "Southern Water Works"];

function utilityDisconnectScam(rng: Rng, id: string): DocumentSpec {
  const u = pick(rng, UTILITY_NAMES);
  const phone = fictionPhone(rng, pick(rng, ["877", "855", "404"]));
  const a = address(rng);
  const method = pick(rng, [
    "a prepaid card (Green Dot or Vanilla) purchased at any store",
    "Zelle or Cash App to our collections agent",
    "a card payment over the phone with our disconnection team",
  ]);
  const html = page(
    `<div class="head"><div class="org">${u}</div><div class="small">Account ${digits(rng, 10)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <h1>URGENT: SERVICE DISCONNECTION SCHEDULED TODAY</h1>
    <p>Your account is <b>$${money(rng, 180, 640)}</b> past due. A technician has been dispatched and your service will be
    disconnected between 2:00 and 4:00 p.m. today unless payment is received.</p>
    <div class="box"><p>To stop the disconnection, call our Disconnection Prevention Department at <b>${phone}</b>
    now. Payment must be made by ${method}.</p></div>
    <p>A reconnection fee of $250.00 applies once service is cut. This is your final notice.</p>
    <div class="foot">Collections Department.</div>`,
    "#b45309",
  );
  return { id, template: "utility_disconnect_scam", label: "scam", html, phones: [phone], urls: [] };
}

const LAW_FIRMS = [
  "Whitmore &amp; Associates Recovery Group",
  "National Judgment Services LLC",
  "Crestline Legal Recovery",
];

function debtJudgmentScam(rng: Rng, id: string): DocumentSpec {
  const firm = pick(rng, LAW_FIRMS);
  const phone = fictionPhone(rng, pick(rng, ["888", "347", "786"]));
  const a = address(rng);
  const method = pick(rng, ["wire transfer", "Zelle", "MoneyGram"]);
  const html = page(
    `<div class="head"><div class="org">${firm}</div><div class="small">File No. ${digits(rng, 2)}-${digits(rng, 5)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <h1>NOTICE OF PENDING COURT JUDGMENT</h1>
    <p>RE: Defaulted payday loan, original balance $${money(rng, 400, 1500)}</p>
    <p>A civil complaint has been filed against you in ${pick(rng, COUNTIES)} County. If this debt is not resolved,
    a judgment will be entered, your wages will be garnished and you may be served at your place of work.</p>
    <div class="box"><p>You qualify for a one-time settlement of <b>$${money(rng, 300, 900)}</b> if paid within 72
    hours by ${method}. Call the settlement desk at <b>${phone}</b> for payment instructions and reference your file
    number.</p></div>
    <p>This settlement offer will not be repeated.</p>
    <div class="foot">This communication is from a debt collector.</div>`,
    "#3f3f46",
  );
  return { id, template: "debt_judgment_scam", label: "scam", html, phones: [phone], urls: [] };
}

function prizeFeeScam(rng: Rng, id: string): DocumentSpec {
  const prize = pick(rng, ["$850,000.00", "$1,500,000.00", "$250,000.00 and a 2026 SUV"]);
  const phone = fictionPhone(rng, pick(rng, ["876", "702", "888"]));
  const a = address(rng);
  const fee = money(rng, 199, 899);
  const how = pick(rng, ["iTunes or Steam gift cards", "a Western Union transfer", "Bitcoin"]);
  const html = page(
    `<div class="head"><div class="org">${pick(rng, ["American Sweepstakes Bureau", "Global Prize Commission", "National Consumer Lottery Board"])}</div><div class="small">Claim No. ${digits(rng, 3)}-${digits(rng, 5)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <h1>OFFICIAL WINNER NOTIFICATION</h1>
    <p>Congratulations ${a.name}! Your name was selected in our annual consumer sweepstakes drawing. You have won
    <b>${prize}</b>.</p>
    <p>Before your prize can be released, federal law requires payment of a processing and insurance fee of
    <b>$${fee}</b>. This fee must be paid with ${how} and cannot be deducted from the winnings.</p>
    <div class="box"><p>Call your claims agent at <b>${phone}</b> within 5 business days to claim your prize, or it
    will be awarded to an alternate winner. Keep this notice confidential until your prize is delivered.</p></div>
    <div class="foot">Prize Disbursement Office.</div>`,
    "#a16207",
  );
  return { id, template: "prize_fee_scam", label: "scam", html, phones: [phone], urls: [] };
}

function benefitSuspensionScam(rng: Rng, id: string): DocumentSpec {
  const agency = pick(rng, [
    { name: "Social Security Administration", benefit: "Social Security benefits", id: "Social Security number" },
    { name: "Centers for Medicare Services", benefit: "Medicare coverage", id: "Medicare number" },
  ]);
  const phone = fictionPhone(rng, pick(rng, ["202", "410", "888"]));
  const a = address(rng);
  const html = page(
    `<div class="head"><div class="org">${agency.name}</div><div class="small">Case ID ${digits(rng, 4)}-${digits(rng, 6)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <h1>NOTICE OF SUSPENSION OF BENEFITS</h1>
    <p>Your ${agency.id} has been linked to suspicious activity in ${pick(rng, ["Texas", "Arizona", "Nevada"])}. As a
    result, your ${agency.benefit} will be suspended effective immediately and your accounts may be seized.</p>
    <div class="box"><p>To keep your benefits, you must verify your identity with an enforcement officer by calling
    <b>${phone}</b> within 24 hours. Have your ${agency.id}, date of birth and bank account details ready.</p></div>
    <p>If we do not hear from you, your case will be forwarded to the Department of Justice.</p>
    <div class="foot">Office of the Inspector General, Benefit Enforcement Unit.</div>`,
    "#1e3a5f",
  );
  return { id, template: "benefit_suspension_scam", label: "scam", html, phones: [phone], urls: [] };
}

const BTC_CHARS = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const btcAddress = (rng: Rng): string =>
  `bc1q${Array.from({ length: 38 }, () => "023456789acdefghjklmnpqrstuvwxyz"[Math.floor(rng() * 32)]).join("")}`;
const legacyBtc = (rng: Rng): string =>
  `1${Array.from({ length: 33 }, () => BTC_CHARS[Math.floor(rng() * BTC_CHARS.length)]).join("")}`;

function sextortionLetter(rng: Rng, id: string): DocumentSpec {
  const a = address(rng);
  const wallet = rng() < 0.5 ? btcAddress(rng) : legacyBtc(rng);
  const amount = pick(rng, ["$1,950", "$2,500", "$1,200", "$3,000"]);
  const html = page(
    `<p>${a.lines}</p>
    <h1>${a.name}, this is personal. Read it carefully.</h1>
    <p>I know about your private browsing. I placed software on a website you visited and it recorded you through
    your camera, along with your contacts and your home address, which is how this letter reached you.</p>
    <p>I have a video of you. If you do not want it sent to your family, your neighbors and your employer, you will
    pay <b>${amount}</b> in Bitcoin.</p>
    <div class="box"><p>Send the payment to this Bitcoin address:<br><b style="font-family:monospace">${wallet}</b></p>
    <p>You have 48 hours from the moment you read this letter. Do not go to the police and do not tell anyone: if
    I see that you have, the video goes out at once.</p></div>
    <p>If you do not know how to buy Bitcoin, search for a Bitcoin ATM near you.</p>`,
    "#000000",
  );
  return { id, template: "sextortion_letter", label: "scam", html, phones: [], urls: [] };
}

function overpaymentCheckScam(rng: Rng, id: string): DocumentSpec {
  const a = address(rng);
  const check = money(rng, 1850, 2950);
  const keep = money(rng, 200, 400);
  const phone = fictionPhone(rng, pick(rng, ["312", "917", "832"]));
  const html = page(
    `<div class="head"><div class="org">${pick(rng, ["Premier Shopper Evaluations", "QualityCheck Mystery Shopping", "Retail Insight Partners"])}</div><div class="small">Assignment ${digits(rng, 5)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <p>Dear ${a.name},</p>
    <p>Welcome to our secret shopper program. Enclosed is your first assignment and a cashier's check for
    <b>$${check}</b>.</p>
    <ol><li>Deposit the check into your personal bank account today.</li>
    <li>Keep <b>$${keep}</b> as your payment for this assignment.</li>
    <li>Evaluate a money transfer service: send the remaining balance by ${pick(rng, ["Zelle", "Western Union", "Cash App"])} to our regional
    coordinator, whose details you will receive when you call.</li></ol>
    <div class="box"><p>Call your assignment coordinator at <b>${phone}</b> as soon as the funds are available. The
    transfer must be completed within 24 hours of deposit.</p></div>
    <div class="foot">Do not tell the bank teller this is an evaluation, as it will affect the results.</div>`,
    "#0f766e",
  );
  return { id, template: "overpayment_check_scam", label: "scam", html, phones: [phone], urls: [] };
}

// Genuine mail. Small organisations are invented (their numbers in the 555-01xx block too, so a number's being
// fictional says nothing about the label); real organisations use their published domains and numbers.

const BANKS = [
  { name: "Riverbend Community Bank", domain: "riverbendcommunitybank.com", accent: "#14532d" },
  { name: "Harborview Federal Credit Union", domain: "harborviewfcu.org", accent: "#1e40af" },
  { name: "Prairie State Savings", domain: "prairiestatesavings.com", accent: "#7c2d12" },
] as const;

function bankStatement(rng: Rng, id: string): DocumentSpec {
  const b = pick(rng, BANKS);
  const a = address(rng);
  const phone = fictionPhone(rng, pick(rng, ["800", "888"]));
  const url = `www.${b.domain}`;
  const rows = [
    ["Direct deposit - payroll", `$${money(rng, 1200, 2600)}`],
    [`Zelle payment to ${pick(rng, PEOPLE)}`, `-$${money(rng, 20, 120)}`],
    ["Debit card purchase - grocery", `-$${money(rng, 30, 160)}`],
    ["Online transfer to savings", `-$${money(rng, 50, 300)}`],
    ["ATM withdrawal", `-$${money(rng, 20, 100)}`],
  ];
  const html = page(
    `<div class="head"><div class="org">${b.name}</div><div class="small">Statement period ${pick(rng, MONTHS)} 2026</div></div>
    <p>${a.lines}</p>
    <h1>Checking Account Statement</h1>
    <p>Account ending in ${digits(rng, 4)}. Beginning balance $${money(rng, 800, 3000)}; ending balance
    $${money(rng, 800, 3000)}.</p>
    <table>${rows.map(([d, v]) => `<tr><td>${date(rng)}</td><td>${d}</td><td>${v}</td></tr>`).join("")}</table>
    <p>Review your transactions and report any error within 60 days. View statements and set up alerts in online
    banking at ${url} or in our mobile app.</p>
    <p>Questions? Call ${phone} or visit any branch. ${b.name} will never call, text or email you to ask for your PIN,
    password or a one-time code.</p>
    <div class="foot">Member FDIC. Equal Housing Lender.</div>`,
    b.accent,
  );
  return { id, template: "bank_statement", label: "legit", html, phones: [phone], urls: [url] };
}

const HOSPITALS = [
  { name: "Lakeside Regional Medical Center", domain: "lakesideregional.org" },
  { name: "Valley Family Health Partners", domain: "valleyfamilyhealth.com" },
  { name: "St. Brendan Community Hospital", domain: "stbrendanhospital.org" },
] as const;

function medicalBill(rng: Rng, id: string): DocumentSpec {
  const h = pick(rng, HOSPITALS);
  const a = address(rng);
  const phone = fictionPhone(rng, pick(rng, ["800", "866", "919"]));
  const url = `pay.${h.domain}`;
  const charges = money(rng, 400, 2400);
  const due = money(rng, 40, 380);
  const html = page(
    `<div class="head"><div class="org">${h.name}</div><div class="small">Patient account ${digits(rng, 8)}</div></div>
    <p>${a.lines}</p>
    <h1>Patient Statement</h1>
    <table><tr><td>Date of service</td><td>${date(rng)}</td></tr>
    <tr><td>Total charges</td><td>$${charges}</td></tr>
    <tr><td>Insurance payments and adjustments</td><td>-$${money(rng, 300, 2000)}</td></tr>
    <tr><td><b>Your balance</b></td><td><b>$${due}</b></td></tr>
    <tr><td>Payment due by</td><td>${date(rng)}</td></tr></table>
    <p>Pay securely through your patient portal at ${url}, by phone at ${phone}, or mail a check with the stub below.
    If you cannot pay the full amount, ask us about a payment plan or financial assistance.</p>
    <div class="foot">Billing office hours: Monday to Friday, 8 a.m. to 5 p.m.</div>`,
    "#0e7490",
  );
  return { id, template: "medical_bill", label: "legit", html, phones: [phone], urls: [url] };
}

function irsNotice(rng: Rng, id: string): DocumentSpec {
  const a = address(rng);
  const phone = "1-800-829-1040";
  const url = "www.irs.gov/payments";
  const owed = money(rng, 180, 2400);
  const html = page(
    `<div class="head"><div class="org">Internal Revenue Service</div><div class="small">Notice CP14, tax year 2025</div></div>
    <p>Department of the Treasury<br>Internal Revenue Service</p>
    <p>${a.lines}</p><p>Notice date: ${date(rng)}</p>
    <h1>You have unpaid taxes for 2025</h1>
    <p>Amount due: <b>$${owed}</b>. Pay by ${date(rng)} to avoid additional penalty and interest.</p>
    <p>Pay online at ${url} (Direct Pay or debit or credit card), or mail a check or money order payable to "United
    States Treasury" with the payment stub. If you cannot pay in full, you can apply for a payment plan online.</p>
    <div class="box"><p>If you think we made a mistake, call us at ${phone}. To make sure this notice is from the IRS,
    you can look up your balance in your IRS Online Account at irs.gov. The IRS does not demand immediate payment by
    gift card, prepaid debit card or wire transfer.</p></div>
    <div class="foot">Keep this notice for your records.</div>`,
    "#1f3b64",
  );
  return { id, template: "irs_notice", label: "legit", html, phones: [phone], urls: [url] };
}

const INSURERS = [
  { name: "Keystone Mutual Health Plan", domain: "keystonemutualhealth.com" },
  { name: "Blue Lake Health Insurance", domain: "bluelakehealth.com" },
  { name: "Cornerstone Benefit Plans", domain: "cornerstonebenefit.com" },
] as const;

function insuranceEob(rng: Rng, id: string): DocumentSpec {
  const ins = pick(rng, INSURERS);
  const a = address(rng);
  const phone = fictionPhone(rng, pick(rng, ["800", "877"]));
  const url = `www.${ins.domain}/member`;
  const billed = money(rng, 200, 1800);
  const html = page(
    `<div class="head"><div class="org">${ins.name}</div><div class="small">Member ID ${pick(rng, ["KMH", "BLH", "CBP"])}${digits(rng, 9)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <h1>Explanation of Benefits</h1>
    <p style="font-size:20px"><b>THIS IS NOT A BILL</b></p>
    <table><tr><td>Provider</td><td>${pick(rng, HOSPITALS).name}</td></tr>
    <tr><td>Amount billed</td><td>$${billed}</td></tr>
    <tr><td>Plan discount</td><td>-$${money(rng, 50, 400)}</td></tr>
    <tr><td>Paid by your plan</td><td>$${money(rng, 100, 1200)}</td></tr>
    <tr><td><b>You may owe the provider</b></td><td><b>$${money(rng, 0, 150)}</b></td></tr></table>
    <p>Your provider may send you a bill for the amount you owe. Compare it with this statement. See all your claims
    at ${url}, or call Member Services at ${phone} (TTY 711).</p>
    <div class="foot">Keep this explanation with your medical records.</div>`,
    "#6d28d9",
  );
  return { id, template: "insurance_eob", label: "legit", html, phones: [phone], urls: [url] };
}

function cityParkingCitation(rng: Rng, id: string): DocumentSpec {
  const c = pick(rng, CITY_GOV);
  const a = address(rng);
  const url = `https://www.${c.domain}/parking`;
  const html = page(
    `<div class="head"><div class="org">City of ${c.city}</div><div class="small">Citation number ${digits(rng, 9)}</div></div>
    <p>${a.lines}</p><p>Date issued: ${date(rng)}</p>
    <h1>Notice of Parking Violation</h1>
    <table><tr><td>Plate</td><td>${PLATES(rng)} (${c.state})</td></tr>
    <tr><td>Location</td><td>${pick(rng, ["400 block of Main Street", "Congress Ave at 6th Street", "Franklin Street garage"])}</td></tr>
    <tr><td>Violation</td><td>${pick(rng, ["Expired meter", "Parked in a bus zone", "Overtime parking"])}</td></tr>
    <tr><td><b>Fine</b></td><td><b>$${money(rng, 25, 60)}</b></td></tr>
    <tr><td>Pay or contest by</td><td>${date(rng)}</td></tr></table>
    <div class="box" style="display:flex;gap:20px;align-items:center">${qrSvg(url)}
    <div><p>Pay or contest online at ${url}, by mail to the address on the back, or in person at the municipal
    court. You may request a hearing if you believe the citation was issued in error.</p></div></div>
    <div class="foot">Late payments add a $${money(rng, 10, 25)} fee after 30 days.</div>`,
    "#1d4ed8",
  );
  return { id, template: "city_parking_citation", label: "legit", html, phones: [], urls: [url] };
}

const DEALERS = [
  { name: "Harbor Point Motors", domain: "harborpointmotors.com" },
  { name: "Summit Ridge Auto Group", domain: "summitridgeauto.com" },
  { name: "Lakeshore Chevrolet", domain: "lakeshorechevy.com" },
] as const;

function dealerWarrantyOffer(rng: Rng, id: string): DocumentSpec {
  const d = pick(rng, DEALERS);
  const a = address(rng);
  const phone = fictionPhone(rng, pick(rng, ["512", "813", "510"]));
  const url = `www.${d.domain}/service`;
  const html = page(
    `<div class="head"><div class="org">${d.name}</div><div class="small">Service Department</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <p>Dear ${a.name},</p>
    <p>Thank you for having your ${pick(rng, ["2022 Camry", "2021 Equinox", "2023 CR-V", "2020 F-150"])} serviced with us. Your factory warranty
    ends in ${pick(rng, ["three", "four", "six"])} months. Before it does, you may want to look at our extended service
    plans, which cover major repairs and include roadside assistance.</p>
    <p>As a service customer you can save 10% on any plan purchased before your warranty ends. There is no obligation
    and nothing to pay today.</p>
    <div class="box"><p>Ask your service advisor at your next visit, call us at ${phone}, or compare plans at
    ${url}.</p></div>
    <p>Sincerely,<br>The ${d.name} Service Team</p>
    <div class="foot">To stop receiving offers by mail, let us know at any visit or call the number above.</div>`,
    "#374151",
  );
  return { id, template: "dealer_warranty_offer", label: "legit", html, phones: [phone], urls: [url] };
}

const SCHOOLS = [
  { name: "Cedar Valley Elementary School", domain: "cedarvalleyschools.org" },
  { name: "Northfield Middle School", domain: "northfieldpublicschools.org" },
  { name: "Pine Hill High School", domain: "pinehillsd.org" },
] as const;

function schoolLetter(rng: Rng, id: string): DocumentSpec {
  const s = pick(rng, SCHOOLS);
  const phone = fictionPhone(rng, pick(rng, ["919", "512", "813"]));
  const url = `www.${s.domain}/parents`;
  const html = page(
    `<div class="head"><div class="org">${s.name}</div><div class="small">${date(rng)}</div></div>
    <p>Dear Parents and Guardians,</p>
    <p>Our ${pick(rng, ["fourth grade", "seventh grade", "science club", "band"])} students will visit the
    ${pick(rng, ["state museum of natural history", "regional science center", "county courthouse"])} on ${date(rng)}.
    The trip fee of $${money(rng, 8, 25)} covers the bus and admission.</p>
    <p>Please sign the permission slip below and return it with your child by ${date(rng)}. You may pay the fee
    through the parent portal at ${url} or send cash or a check in an envelope marked with your child's name. No
    student will be left out because of cost: contact the office if the fee is a hardship.</p>
    <p>Questions? Call the front office at ${phone}.</p>
    <p>Thank you,<br>${pick(rng, PEOPLE)}, Principal</p>
    <div class="foot">Permission slip: my child may attend the field trip. Parent signature ______________________</div>`,
    "#b91c1c",
  );
  return { id, template: "school_letter", label: "legit", html, phones: [phone], urls: [url] };
}

const PRODUCTS = [
  { maker: "Brightline Appliances", product: "countertop pressure cooker", domain: "brightlineappliances.com" },
  { maker: "Kidwell Nursery Products", product: "infant bouncer seat", domain: "kidwellnursery.com" },
  { maker: "Terrace Outdoor Co.", product: "portable propane heater", domain: "terraceoutdoor.com" },
] as const;

function recallNotice(rng: Rng, id: string): DocumentSpec {
  const p = pick(rng, PRODUCTS);
  const a = address(rng);
  const phone = fictionPhone(rng, pick(rng, ["800", "888"]));
  const url = `www.${p.domain}/recall`;
  const html = page(
    `<div class="head"><div class="org">${p.maker}</div><div class="small">Model ${pick(rng, ["BX", "KW", "TR"])}-${digits(rng, 3)}</div></div>
    <p>${a.lines}</p><p>${date(rng)}</p>
    <h1>IMPORTANT SAFETY RECALL</h1>
    <p>Our records show that you registered a ${p.product}. In cooperation with the U.S. Consumer Product Safety
    Commission, we are recalling this product because it can overheat and poses a burn hazard.</p>
    <p>Stop using the product immediately. We will send you a free replacement or a full refund, with a prepaid label
    to return the unit. There is no cost to you.</p>
    <div class="box"><p>Register for your remedy at ${url} or call ${phone} toll-free, 8 a.m. to 8 p.m. ET. You can
    also read about this recall at www.cpsc.gov.</p></div>
    <div class="foot">We apologize for the inconvenience.</div>`,
    "#c2410c",
  );
  return { id, template: "recall_notice", label: "legit", html, phones: [phone], urls: [url, "www.cpsc.gov"] };
}

/** The kinds added after the first eight; the generator holds half of them out whole (see splitOf). */
export const NEW_TEMPLATES = [
  parkingCitationScam,
  deliveryFeeScam,
  utilityDisconnectScam,
  debtJudgmentScam,
  prizeFeeScam,
  benefitSuspensionScam,
  sextortionLetter,
  overpaymentCheckScam,
  bankStatement,
  medicalBill,
  irsNotice,
  insuranceEob,
  cityParkingCitation,
  dealerWarrantyOffer,
  schoolLetter,
  recallNotice,
] as const;

export const TEMPLATES = [
  tollScam,
  invoiceCallback,
  juryScam,
  taxScam,
  utilityBill,
  pharmacyLetter,
  tollStatement,
  jurySummons,
  ...NEW_TEMPLATES,
] as const;

/** The id prefix of a template function: tollScam -> toll-scam. */
export const idPrefix = (t: { readonly name: string }): string =>
  t.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `perTemplate` variants of every template, deterministic for a given seed. */
export function buildSpecs(perTemplate: number, seed = 20261123): DocumentSpec[] {
  const rng = seeded(seed);
  const specs: DocumentSpec[] = [];
  for (const t of TEMPLATES) {
    // Each template draws from its own generator, so adding a template never changes another's documents.
    const own = TEMPLATES.indexOf(t) < 8 ? rng : seeded(seed + 1000 * (TEMPLATES.indexOf(t) + 1));
    for (let i = 0; i < perTemplate; i++) specs.push(t(own, `${idPrefix(t)}-${i + 1}`));
  }
  return specs;
}
