// Reference lists for the URL heuristics. Each is a judgement from public abuse reporting (registry abuse
// statistics, phishing feed composition), kept short on purpose: a list entry is a weak signal, never a verdict.

/**
 * TLDs over-represented in phishing and scam feeds relative to their share of registrations: cheap or
 * free registration, lax abuse handling, or names that read as file extensions (zip, mov). Premium-priced
 * endings that legitimate projects settle on (.finance: pancakeswap.finance) are not listed.
 */
export const RISKY_TLDS: readonly string[] = [
  "zip", "mov", "top", "xyz", "icu", "cyou", "click", "buzz", "rest", "gq", "ml", "cf", "tk", "ga",
  "work", "support", "live", "sbs", "cfd", "bond", "monster", "quest", "beauty", "hair", "lol", "win",
  "bid", "loan", "country", "kim", "men", "date", "racing", "review", "stream", "trade", "party",
  "science", "cam", "mom", "autos", "boats", "yachts", "rest", "fit", "tokyo", "pw", "cc", "su", "ws",
  "life", "online", "site", "website", "space", "fun", "store", "shop", "vip", "info", "link", "ru.com",
  "help", "digital", "today", "host", "uno", "wang", "club", "asia", "best", "casa", "surf",
];

/** URL shorteners: the real destination is hidden until followed. */
export const SHORTENERS: readonly string[] = [
  "bit.ly", "bitly.com", "tinyurl.com", "t.co", "goo.gl", "ow.ly", "is.gd", "v.gd", "buff.ly", "rebrand.ly",
  "cutt.ly", "shorturl.at", "rb.gy", "t.ly", "tiny.cc", "bit.do", "s.id", "kutt.it", "urlz.fr", "reurl.cc",
  "j.mp", "qrco.de", "lnkd.in", "shorte.st", "adf.ly", "bl.ink", "soo.gd", "clck.ru", "x.gd", "urlth.me",
  "clik.rip", "tr.im", "u.to", "2u.pm", "short.gy", "han.gl", "me2.kr", "vk.cc", "inx.lv", "tny.im",
  "app.link", "linktr.ee", "shorturl.asia", "surl.li", "rotf.lol", "urlr.me", "1url.com", "re-direct-me.com",
  "amzn.to", "youtu.be", "fb.me", "wa.me", "t.me", "1drv.ms",
];

/**
 * Free hosting, site builders, tunnels and serverless platforms: anyone can publish under these names in
 * minutes, so a brand's name on one of them is not the brand.
 */
export const FREE_HOSTING: readonly string[] = [
  "weebly.com", "weeblysite.com", "wixsite.com", "wix.com", "000webhostapp.com", "webhostapp.com",
  "pages.dev", "workers.dev", "r2.dev", "netlify.app", "vercel.app", "github.io", "gitlab.io",
  "firebaseapp.com", "web.app", "appspot.com", "glitch.me", "herokuapp.com", "onrender.com", "fly.dev",
  "repl.co", "replit.app", "replit.dev", "codesandbox.io", "csb.app", "stackblitz.io", "surge.sh",
  "blogspot.com", "wordpress.com", "tumblr.com", "yolasite.com", "webnode.com", "webnode.page",
  "godaddysites.com", "square.site", "squarespace.com", "strikingly.com", "mystrikingly.com", "jimdo.com",
  "jimdofree.com", "jimdosite.com", "site123.me", "wixstudio.io", "carrd.co", "framer.app", "framer.website",
  "webflow.io", "notion.site", "gitbook.io", "readthedocs.io", "tilda.ws", "ucoz.net", "ucoz.ru", "narod.ru",
  "my.canva.site", "canva.site", "sites.google.com", "duckdns.org", "myddns.me", "ddns.net", "no-ip.org",
  "hopto.org", "zapto.org", "sytes.net", "freenom.com", "ngrok.io", "ngrok-free.app", "ngrok.app",
  "loca.lt", "trycloudflare.com", "serveo.net", "azurewebsites.net", "azurestaticapps.net",
  "blob.core.windows.net", "web.core.windows.net", "cloudfront.net", "s3.amazonaws.com",
  "storage.googleapis.com", "firebasestorage.googleapis.com", "ipfs.io", "dweb.link", "fleek.co",
  "on.fleek.co", "translate.goog", "weblium.site", "mobirisesite.com", "site44.com", "webcindario.com",
  "tonohost.com", "hpage.com", "ourhobby.com", "forumz.info", "zzux.com", "itsaol.com", "mrbasic.com",
  "onedumb.com", "mrslove.com", "creatorlink.net", "ecwid.com", "company.site", "wuaze.com", "epizy.com",
  "rf.gd", "byethost.com", "infinityfreeapp.com", "freehostia.com", "atwebpages.com", "hyperphp.com",
  "my.id", "biz.id", "web.id", "typeform.com", "jotform.com", "formstack.com", "sharepoint.com",
  "myshopify.com", "ukit.me", "tempsite.link", "runcloud.link", "flywheelsites.com", "plesk-server.com",
  "zap-webspace.com", "inmotionhosting.com", "secureserver.net", "mybluehost.me", "temp.domains",
  "contaboserver.net", "dns05.com", "magix.net", "lixter.com", "netau.net", "zz.vc", "de.vc",
];

/**
 * Words phishing domains glue to a brand name ("paypal-secure-login", "usps-redelivery"). Also used to
 * accept a short brand keyword next to them inside one token ("upsdelivery").
 */
export const LURE_WORDS: readonly string[] = [
  "secure", "security", "safe", "safety", "login", "logon", "log", "signin", "sign", "verify", "verification",
  "verif", "validate", "validation", "account", "accounts", "acct", "update", "updates", "support", "help",
  "helpdesk", "service", "services", "servicing", "customer", "customers", "billing", "bill", "pay", "payment",
  "payments", "toll", "tolls", "delivery", "deliver", "redelivery", "parcel", "package", "track", "tracking",
  "shipping", "ship", "shipment", "post", "online", "web", "app", "apps", "id", "auth", "authentication",
  "confirm", "confirmation", "alert", "alerts", "notice", "notification", "notify", "unlock", "locked",
  "lock", "restore", "recovery", "recover", "refund", "refunds", "reward", "rewards", "prize", "gift",
  "bonus", "claim", "wallet", "connect", "dapp", "airdrop", "check", "center", "centre", "portal", "team",
  "official", "info", "mail", "my", "www", "com", "net", "org", "gov", "us", "usa", "uk", "ca", "au", "de",
  "fr", "jp", "co", "user", "client", "member", "members", "access", "reset", "password", "pass", "care",
  "desk", "in", "bank", "banking", "card", "cards", "cash", "money", "fee", "fees", "due", "invoice",
  "reschedule", "status", "express", "mobile", "sms", "reactivate", "activate", "activation", "suspended",
  "limited", "unusual", "resolution", "resolve", "dispute", "case", "ticket", "store", "shop", "promo",
  "offer", "offers", "free", "win", "winner", "giveaway", "event", "events", "pages", "page", "group",
  "chat", "cloud", "drive", "docs", "document", "storage", "session", "token", "tokens", "pro", "plus",
  "prime", "premium", "renew", "renewal", "subscription", "ebill", "epay", "pay", "sso", "mfa", "otp",
  "two", "step", "device", "devices", "new", "now", "today", "fast", "direct", "center", "net", "hub",
  "system", "systems", "cancel", "cancellation", "payee", "remove", "deny", "unauthorised", "unauthorized",
  "fraud", "protect", "protection", "service", "jp", "cojp", "co-jp", "ir", "tax", "taxes", "return",
  "returns", "penalty", "fine", "fines", "unpaid", "overdue", "ezpass", "notice", "plate", "road", "roads", "br", "pack", "tt",
];

/**
 * The lure words that carry the scam on their own (sign-in, payment, delivery, account trouble). A brand
 * glued to only the weaker words above ("group", "store", "mobile") is how companies name side sites too.
 */
export const STRONG_LURE_WORDS: readonly string[] = [
  "secure", "security", "safe", "safety", "login", "logon", "log", "signin", "verify", "verification", "verif",
  "validate", "validation", "account", "accounts", "acct", "update", "updates", "support", "helpdesk",
  "service", "services", "servicing", "customer", "billing", "bill", "pay", "payment", "payments", "toll",
  "tolls", "delivery", "redelivery", "parcel", "package", "track", "tracking", "shipping", "shipment", "auth",
  "authentication", "confirm", "confirmation", "alert", "alerts", "notice", "notification", "unlock",
  "locked", "restore", "recovery", "recover", "refund", "refunds", "reward", "rewards", "prize", "gift",
  "bonus", "claim", "wallet", "connect", "dapp", "airdrop", "check", "access", "reset", "password", "bank",
  "banking", "card", "cash", "fee", "fees", "due", "invoice", "reschedule", "reactivate", "activate",
  "activation", "suspended", "limited", "unusual", "resolution", "dispute", "giveaway", "winner", "cancel",
  "cancellation", "payee", "deny", "unauthorised", "unauthorized", "fraud", "protect", "protection", "tax",
  "penalty", "fine", "fines", "unpaid", "overdue", "renew", "renewal", "session", "sso", "mfa", "otp",
  "device", "devices", "id",
  // "www" glued into a registrable name ("wwwpaypal", "www-chase-com") makes the name read as a host.
  "www",
];

/** Path and query words that ask for credentials or payment. */
export const CREDENTIAL_WORDS: readonly string[] = [
  "login", "log-in", "logon", "signin", "sign-in", "verify", "verification", "password", "passwd",
  "wallet", "seed", "recovery", "unlock", "webscr", "authenticate", "authorize", "credential", "credentials",
  "billing", "payment", "confirm", "validate", "secure", "account", "update", "ssn", "otp", "2fa", "pin",
  "cvv", "banking", "reactivate", "suspended", "restore", "recover",
];
