// English phrases of the message cues. Patterns see lower-case text without accents, "<url>", "<phone>" and
// "<email>" in place of extracted links, numbers and addresses, and straight apostrophes.

import type { CueTable } from "./cue-table.js";

const DAY = "(?:mon|tues|wednes|thurs|fri|satur|sun)day";
const DATE = "\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?";
const CLOCK = "\\d{1,2}(?::\\d{2})? ?(?:am|pm)";
const PAY = "(?:pay|paid|paying|payment|buy|purchase|get|send|sending|transfer|deposit|load|scratch|redeem)";
const CODE = "(?:code|codes|otp|pin|passcode|verification number)";
/** A gift card, by its kind or its brand ("gift card", "iTunes cards", "Google Play card", "Steam cards"). */
const GIFT_CARDS =
  "(?:(?:apple|itunes|google play|steam|razer gold|vanilla|ebay|amazon|target|walmart|sephora|best buy) )?(?:gift ?cards?|e-?gift cards?|itunes cards?|google play cards?|steam cards?|vanilla cards?)";
/** Whether a message (prepared for cues) names gift cards anywhere. */
export const NAMES_GIFT_CARDS = new RegExp(GIFT_CARDS);
/** What a warning says a real sender never asks you for, or does ("we will never ask", "no one will call"). */
const WARNED_ASK =
  "ask|request|call|text|email|e-mail|message|contact|require|demand|need|send|pressure|instruct|direct";
/** Who warnings warn about ("scammers may ask you to ...", "scam texts asking for ..."). */
const SCAMMERS =
  "(?:scammers?|fraudsters?|criminals?|crooks?|impostors?|imposters?|scam artists?|thieves|fake (?:callers?|texts?|messages?|emails?|websites?)|fraudulent (?:callers?|calls|texts?|messages?|emails?)|scams?|scam (?:calls|texts?|messages?|emails?)|phishing (?:texts?|messages?|emails?))";
/** What a code is for when it is quoted or redeemed rather than entered at a sign-in. */
const REFERENCE =
  "(?:claim|prize|winning|winner'?s?|reward|bonus|identifier|identification|reference|ref|promo|promotional|coupon|voucher|discount|redemption|booking|reservation|tracking|order|ticket|entry|raffle|draw|lottery|serial|member(?:ship)?|customer|case|pickup|pick-up|collection|gift(?: card)?|referral|invite|invitation)";

/** A penalty's verb, as said before it ("charge you a late fee", "be charged a penalty", "incur a fee"). */
const DENIED_VERB =
  "charge|charged|impose|imposed|assess|assessed|add|added|apply|applied|levy|levied|bill|billed|incur";
/** What marketing is called when a notice says how to stop it. */
const MARKETING =
  "marketing|solicitations?|promotional (?:offers|mail(?:ings)?|calls|messages|e-?mails)|(?:pre-?screened |marketing )?offers|mailings|telemarketing|sales calls|advertising";
/** What is done with a penalty or a legal step: imposed, charged, brought. */
const IMPOSED =
  "imposed|charged|assessed|applied|added|levied|issued|taken|brought|filed|pursued|enforced|collected|treated as late";

export const CUES_EN: CueTable = {
  language: "en",
  markers: ["the", "you", "your", "to", "is", "and", "of", "for", "on", "this", "please", "has", "will", "we", "it"],
  negations: ["not", "never", "don't", "dont", "do not", "no one", "nobody", "won't", "will never"],
  denials: [
    `(?:may|will|shall|can|could|would|must)(?: not|n't| never) be (?:${IMPOSED})`,
    `cannot be (?:${IMPOSED})`,
    "(?:will|shall) be waived",
    "(?:is|are|has been|have been|will be) (?:waived|cancell?ed|withdrawn|dropped)",
  ],
  absent: ["no", "without", "free of"],
  deniedBefore: [
    `(?:will|would|shall|may|can|could|must|do|does|did|wo)(?:n't| not| never) (?:be )?(?:${DENIED_VERB})(?: you| your account)?`,
    `(?:cannot|never) (?:be )?(?:${DENIED_VERB})(?: you| your account)?`,
  ],
  noAsks: [
    "no (?:payment|amount|money|balance) is (?:due|owed|required|needed|necessary)",
    "no (?:payment|amount) (?:due|required|needed|necessary)",
    "no (?:further )?action (?:is |will be )?(?:required|needed|necessary)",
    "nothing (?:to pay|is (?:due|owed)|more to (?:pay|do))",
    "(?:(?:do not|don't|dont|does not|doesn't) (?:need|have) to|need not|needn't) (?:pay|make (?:a |any )?payments?|send (?:us )?(?:any )?(?:money|payment)|take (?:any )?action|do anything)",
    // A choice to stop the sender's marketing, not a charge to stop.
    `(?:to |you may |you can |choose to )?(?:stop|limit|end|reduce|opt out of|unsubscribe from|renew your choice to limit) (?:all |any |receiving |getting |future |further |these )*(?:${MARKETING})`,
    "(?:to )?opt[- ]?out(?: of| from)?",
    // A statement's opening hint ("enter your PAN as the password"): what the reader types into the document.
    "as (?:the |your |its |a )?(?:password|passcode)",
  ],
  warnings: [
    // Said by a sender about itself ("we will never ask", "Chase does not call"); said by "I" about a favour ("I
    // wouldn't ask if it wasn't urgent") it is no warning (see cue-matcher.ts).
    `(?:will|would|shall|does|wo)(?:n't| not| never)(?: ever)? (?:${WARNED_ASK})`,
    `(?:we|they) (?:do not|don't|dont)(?: ever)? (?:${WARNED_ASK})`,
    `never (?:ever )?(?:${WARNED_ASK})s?`,
    `(?:no one|nobody|no employee|no representative|no agent|no staff member|no legitimate [a-z]+)(?: [a-z]+){0,5} (?:will|would|should|can|does)(?: ever)? (?:${WARNED_ASK})`,
    "beware of",
    "be (?:careful|wary|cautious|suspicious) (?:of|with|about)",
    "(?:watch|look) out for",
    `${SCAMMERS}(?: [a-z]+){0,3} (?:may|might|will|can|could|often|sometimes|usually|typically|are known to|try to|tries to|pretend\\w*|pose|posing|ask\\w*|request\\w*|demand\\w*|claim\\w*|tell\\w*|that ask|that request|who ask)`,
  ],
  prohibitions: [
    "(?:never|do not|don't|dont)(?: ever)? (?:share|give|send|pay|wire|transfer|reply|respond|click|tap|call|disclose|provide|reveal|buy|purchase|enter|forward|read out|hand over|deposit|zelle|venmo)",
  ],
  turns: ["but", "however", "instead", "please", "so", "now", "meanwhile"],
  deadlines: [
    "today",
    "tonight",
    "tomorrow",
    // Hours, or days up to two weeks: "report any error within 60 days" gives time, it presses nobody.
    "within (?:\\d+ ?(?:hours?|hrs?|h|minutes?|mins?)|(?:[1-9]|1[0-4]) ?days?)",
    "in (?:the next )?\\d+ ?(?:hours?|hrs?|minutes?|mins?)",
    `by (?:${DATE}|${DAY}|tomorrow|tonight|midnight|end of (?:the )?day|eod|${CLOCK})`,
    `before (?:${DATE}|midnight|${DAY}|${CLOCK})`,
    `(?:due|expires?|expiring|deadline)(?: on| by|:)? (?:${DATE}|today|tomorrow|tonight)`,
    "no later than",
  ],
  cues: {
    urgency: [
      "urgent(?:ly)?",
      "immediate(?:ly)?",
      "act (?:now|fast|quickly)",
      "right away",
      "as soon as possible",
      "asap",
      "(?:final|last) (?:notice|warning|reminder|attempt|chance)",
      "time[- ]sensitive",
      "(?:don't|do not) delay",
      "respond (?:now|today|immediately)",
      "expires? (?:today|tonight|soon|in \\d+)",
      "within \\d+ ?(?:hours?|hrs?|h|minutes?|mins?)",
      "in the next \\d+ ?(?:hours?|minutes?)",
      "before it'?s too late",
    ],
    threat: [
      "(?:will|may|could|shall) be (?:permanently )?(?:suspended|closed|terminated|deactivated|disabled|blocked|locked|frozen|cancell?ed|restricted|revoked|sent to collections?|deleted|disconnected|shut off)",
      // Uninflected, as copied and lemmatised scripts write it ("your account will be suspend").
      "(?:will|may|could|shall) be (?:permanently |temporarily )?(?:suspend|terminate|deactivate|disable|block|lock|freeze|restrict|delete|disconnect)",
      "late (?:fees?|charges?|penalt(?:y|ies))",
      "(?:additional|extra|further) (?:fees?|charges?|penalt(?:y|ies)|fines?)",
      "penalt(?:y|ies)",
      // "Fine" alone is mostly "that's fine": a fine to pay is one with an article, an amount or a verb of paying.
      "fines",
      "(?:a|the|your|pay|paying|owe|owed|unpaid|outstanding|\\$[\\d,.]+) fine",
      "fine (?:of|for|amount|will|must|is due)",
      "to avoid (?:a |any |further |additional |the )?(?:fees?|penalt\\w*|suspension|late|fines?|charges?|interruption|disconnection|legal|service|account|losing|collection)",
      // The loss of the account itself: "validate your account to avoid termination", "to prevent closure".
      "to (?:avoid|prevent|avert) (?:a |any |further |the |your )?(?:termination|closure|deactivation|blocking|restriction|lockout|lock-out|cancellation)",
      "service (?:interruption|disconnection|suspension)",
      "(?:sent|referred|turned over) to (?:a )?collections?",
      "toll evasion",
      "impound\\w*",
      "(?:license|registration|benefits?) (?:will be |has been |may be )?(?:suspended|revoked|cancell?ed)",
      "(?:damage|hurt|affect) your credit",
      "(?:power|electricity|gas|water|service) (?:will be )?(?:shut off|cut off|disconnected)",
    ],
    legal_threat: [
      "arrest(?:ed)?",
      "warrants?",
      "legal (?:action|proceedings|consequences)",
      "lawsuit",
      "(?:be|get) sued",
      "prosecut\\w*",
      "police",
      "law enforcement",
      "court (?:summons|date|appearance|order)",
      "criminal (?:charges|case|investigation|complaint)",
      "jail",
      "deport\\w*",
      "federal (?:agents?|charges|case|investigation)",
      "failure to appear",
      "missed (?:your )?jury duty",
      "contempt of court",
      // "Lien" is a noun that English writes with a determiner or a qualifier ("a lien on", "tax lien", "liens
      // against"): the bare word is also Vietnamese written without accents ("lien he", contact).
      "(?:an?|the|tax|federal|state|property|bank|irs|legal) liens?|liens? (?:on|against|placed|filed)",
      "(?:wage )?garnish\\w*",
      // A levy threatened on the reader's money ("a bank levy", "we will levy your wages"), not a duty a receipt itemises
      // ("Govt Levy TZS 200", "E-Levy"): the bare noun is a tax line.
      "(?:bank|tax|irs|wage|federal) levy|levy (?:on|against) (?:your|the)|levy (?:has been|was|will be) (?:placed|issued|filed)|(?:will|to) levy",
    ],
    gift_card: [
      // Asked to pay in them ("pay today with gift cards", "pay with Apple gift cards"); not a store's own way to pay
      // ("pay for apps with a gift card"), a receipt ("paid with a gift card"), or a card given or offered ("your gift
      // card code is ...", "get a $20 gift card", "win a $500 Apple gift card": prize lures are read as prizes).
      `pay(?: (?:me|us|it|them|him|her|now|today|immediately|online|only))* (?:by|with|in|via|using) (?:[a-z$0-9,.]+ ){0,3}?${GIFT_CARDS}`,
      // Payment in them asked for ("asking for payment in gift cards", what warnings name too).
      `(?:ask|asks|asking|asked|demand|demands|demanding|demanded|request|requests|requesting|require|requires|want|wants)(?: for)?(?: a| the)? payments? (?:in|by|with|via) (?:[a-z$0-9,.]+ ){0,3}?${GIFT_CARDS}`,
      // Asked to buy them ("get some Apple gift cards", "I need 4 Apple gift cards", "buy gift cards for our clients").
      `(?:buy|purchase|pick up|get|grab|need|want)(?: you to (?:buy|purchase|pick up|get|grab))?(?: me| us| him| her)? (?:some|a few|several|more|\\d+|two|three|four|five|six|seven|eight|nine|ten)(?: more)? (?:[$€£]?\\d[\\d,.]* )?(?:[a-z]+ ){0,2}?${GIFT_CARDS}`,
      `(?:buy|purchase|pick up|get|grab)(?: me| us| him| her)? ${GIFT_CARDS} (?:for (?:me|us|him|her|them|a client|clients|our clients|the office|the staff|the team)|and (?:send|text|email|give))`,
      // Scratched and read off ("scratch the back of the card").
      "scratch(?: off)? (?:the )?(?:back|silver|strip|panel)",
      `${GIFT_CARDS}[^.!?]{0,40}(?:back of|scratch)`,
    ],
    gift_card_payment: [
      // A debt, fee, fine or bail to be paid in gift cards ("pay the processing fee in Apple gift cards", "payment
      // accepted by gift card"); not a store's own ("pay for apps with a gift card") nor a receipt ("paid with").
      `(?:pay|settle|clear)(?: off)?(?: the| your| this| a| an| his| her| my)? (?:[a-z$0-9,.]+ ){0,3}?(?:fee|fees|fine|fines|bill|bills|tax|taxes|debt|debts|balance|bail|bond|duty|duties|penalty|penalties|charges?|dues|arrears|ransom)[^.!?]{0,40} (?:by|with|in|via|using) (?:[a-z$0-9,.]+ ){0,3}?${GIFT_CARDS}`,
      `payments? (?:is |are |will be |must be |can only be )?(?:only )?(?:accepted|required|made|taken|expected) (?:only )?(?:by|with|in|via) (?:[a-z$0-9,.]+ ){0,3}?${GIFT_CARDS}`,
      // A sum to be paid or sent in them ("send $500 in Apple gift cards", "pay 300 dollars worth of Steam cards").
      `(?:pay|send)(?: me| us| him| her)? (?:[$€£] ?\\d[\\d,.]*|\\d[\\d,.]* (?:dollars|usd|pounds|euros)) (?:in|with|of|worth of) (?:[a-z]+ ){0,2}?${GIFT_CARDS}`,
      // Their codes or the backs of the cards sent on ("send me photos of the backs", "text me the codes on the
      // cards"): what a gift-card favour from a "boss" or a "relative" asks in the end.
      // Read as such only in a message that names gift cards (NAMES_GIFT_CARDS, analyze-message.ts).
      `(?:send|text|email|give|read|share)(?: me| us| them| him| her)?(?: all)?(?: the| a| some)? (?:codes?|pins?|claim codes?|card numbers?|photos?|pictures?|pics?|images?|snapshots?|screenshots?) (?:of|on|from|for) (?:the |all the |each )?(?:backs?|${GIFT_CARDS}|cards?)`,
      "(?:photos?|pictures?|pics?|images?|snapshots?|screenshots?) of (?:the )?backs?",
    ],
    crypto_payment: [
      "bitcoin (?:atm|machine|kiosk)",
      "crypto(?:currency)? (?:atm|machine|kiosk)",
      `${PAY}[^.!?]{0,40}(?:bitcoin|btc|usdt|tether|ethereum|eth|crypto(?:currency)?)`,
      "(?:bitcoin|btc|usdt|crypto|eth) (?:wallet|address)",
      "wallet address",
    ],
    wire_transfer: [
      "wire (?:transfer|it|(?:the |your |a )?(?:\\w+ )?(?:money|funds|payment|deposit))",
      "bank transfer",
      "western union",
      "moneygram",
      "(?:send|transfer) (?:the )?(?:money|funds) (?:to|via|through)",
    ],
    p2p_payment: [
      "(?:send|sent|pay|paid|transfer|via|through|using|with|by|on|over) [^.!?]{0,20}(?:zelle|venmo|cash ?app|cashapp|apple cash|paypal friends)",
      "(?:zelle|venmo|cash ?app|cashapp) (?:me|it|us|them|the (?:money|payment|fee))",
    ],
    code_request: [
      `(?:send|share|give|tell|forward|text|read|provide|reply with|repeat|confirm|pass) (?:it |me |us |back |over )*[^.!?]{0,25}${CODE}`,
      `what(?:'s| is| was) the ${CODE}`,
      `${CODE} (?:you|that you) (?:just )?(?:received|got|get)`,
      `${CODE} (?:we|i) (?:just )?sent (?:you|to you|to your phone)`,
      `(?:sent|texted) (?:you )?(?:a|my|the) [^.!?]{0,20}${CODE}[^.!?]{0,25} by (?:mistake|accident)`,
      `(?:accidentally|mistakenly) (?:sent|texted|gave) [^.!?]{0,30}${CODE}`,
      // A PIN asked to receive money (the UPI collect-request trick): money comes in with no PIN at all.
      "(?:enter|type|put|use) (?:your |the )?(?:upi |atm |wallet |m-?)?pin[^.!?]{0,40}to (?:receive|accept|get|claim)",
      "to (?:receive|accept|get|claim)[^.!?]{0,40}(?:enter|type|put) (?:your |the )?(?:upi |atm |wallet |m-?)?pin",
    ],
    password_request: [
      "(?:have|keep) [^.!?]{0,30}(?:password|pin|passcode|security code|card number) (?:ready|handy|at hand)",
      "(?:send|share|give|tell|provide|confirm|enter|verify|update|reply with|type) [^.!?]{0,25}(?:password|login details|login credentials|sign[- ]in details|username and password|security questions?|online banking (?:details|credentials))",
      // A sign-in with a PIN on the site the text gives ("visit <url> and logon with your phone number and ATO PIN").
      "log ?on with (?:your|ur) [^.!?]{0,30}(?:pin|password|passcode)",
    ],
    personal_info_request: [
      "(?:confirm|verify|provide|send|update|enter|give|submit|reply with) [^.!?]{0,30}(?:ssn|social security(?: number)?|date of birth|dob|mother'?s maiden|card (?:number|details|info)|cvv|bank (?:details|account|info)|routing number|billing (?:details|info(?:rmation)?|address)|payment (?:details|info(?:rmation)?|method)|personal (?:details|info(?:rmation)?)|account (?:details|info(?:rmation)?))",
      // A name, address, age and occupation asked for a prize or a fund ("to receive send your name mobile no address
      // age occup to <email>", "send your full name for more info"): what the lottery and advance-fee scripts collect.
      "(?:send|sms|email|e-mail|text|reply|forward|provide|submit)(?: us| me)?(?: with)?(?: ur| your)?(?: full)? names?[ ,&/]+(?:[a-z.]+[ ,&/]+){0,4}?(?:home address|address|addr?s+|add|age|occup\\w*|sex)",
    ],
    verify_action: [
      "(?:verify|confirm|update|validate|unlock|restore|reactivate|re-activate|secure|review) (?:your |the |my )?(?:account|identity|information|info|details|card|payment|billing|address|delivery address|shipping address|login|credentials?|profile|apple id)",
      "(?:verify|confirm|validate|unlock|restore|reactivate|secure) (?:your |the |my )?(?:email|e-mail|mail) (?:account|inbox|mailbox)",
      "(?:log ?in|sign ?in|login) (?:to|at|here|now|via)[^.!?]{0,25}<url>",
    ],
    fee_payment: [
      "(?:small|nominal|processing|release|clearance|customs|shipping|redelivery|re-delivery|handling|activation|verification|registration|unlock|service|admin(?:istrative)?|delivery|storage) (?:fee|charge)",
      "pay (?:a |the )?(?:small )?(?:fee|charge) of",
      // "Pay the 1.99 fee", "pay a $3 charge": an amount before the fee names it as well as "a fee of" does.
      "pay (?:a |the |your )?(?:small )?(?:[$€£] ?)?\\d+(?:[.,]\\d{1,2})? ?(?:usd|eur|gbp|dollars?|euros?|pounds?)? ?(?:fee|charge)",
    ],
    deposit_to_unlock: [
      // Within one clause: a list's items ("... your monthly payment; or • if you are not able to continue") are apart.
      // Not "to continue": an operator's or a biller's own reminder ("recharge your account to continue to enjoy the
      // service", "pay your bill to continue service") asks that, and a plan or an account is the reader's own.
      "(?:deposit|top[- ]?up|recharge|pay|send)[^.!?;\u2022]{0,40}to (?:unlock|activate|withdraw|release|upgrade|receive)",
      "(?:top[- ]?up|recharge) (?:your |the )?(?:balance|wallet)",
      "negative balance",
    ],
    call_request: [
      "(?:call|contact|dial|text|phone|reach|ring) (?:us|me|our|the|support|customer|billing)?[^.!?<]{0,30}<phone>",
      "(?:call|contact|dial) (?:us )?(?:at|on)? ?<phone>",
    ],
    link_action: [
      "(?:click|tap|claim|redeem|verify|confirm|update|secure|unlock|restore|reactivate|validate|log ?in|sign ?in|login|submit|appeal|release|keep)[^.!?<]{0,40}<url>",
    ],
    pay_demand: [
      "settle (?:it|this|now|today)",
      "renew (?:online |now |today )*(?:now|today|online|here|at|<url>)",
      "pay (?:now|today|online|here|at|via|within|by|immediately|your|the|it|this|off|a|\\$[\\d,.]+|<url>)",
      "make (?:a |the |your )?payment",
      "settle (?:your |the )?(?:balance|bill|debt|account|payment|dues)",
      "complete (?:your |the )?payment",
      "start (?:investing |trading )?with (?:just |only )?\\$\\d+",
      "minimum (?:deposit|investment)",
      "payment (?:is )?(?:required|due|needed|overdue)",
    ],
    money_request: [
      "(?:send|lend|transfer|wire|loan|spot|front) (?:me |us )?(?:some |the )?(?:money|cash|funds|\\$\\d+)",
      "(?:can|could|would) you (?:please )?(?:send|lend|pay|transfer|spot|cover|loan|help me (?:pay|with (?:a|the|my) (?:bill|payment)))",
      "i need (?:some |the )?(?:money|cash|\\$\\d+|you to (?:pay|send|transfer|buy))",
      "pay (?:a |this |my |the )?(?:bill|invoice) for me",
      "(?:send|give|pay|return) (?:it|the money|them|that) back",
    ],
    secrecy: [
      "(?:don't|do not) tell (?:anyone|anybody|mom|dad|mum|your|the bank)",
      "keep (?:this|it) (?:between us|a secret|secret|confidential|private)",
    ],
    prize: [
      "you(?:'ve| have)? (?:won|been selected|been chosen)",
      // Uninflected, as copied and lemmatised scripts write it ("you have win", "you have be select").
      "you(?:'ve| have) win",
      "you (?:have |'ve )?be (?:select|choose|chose)(?:ed|n)?",
      "winner",
      "congratulations",
      "congrats",
      "prize",
      "sweepstakes",
      "lottery",
      "jackpot",
      "claim (?:your|the) (?:reward|prize|gift|bonus|winnings)",
      "free (?:gift|iphone|ipad|airpods|laptop)",
      "(?:reward|loyalty) points?[^.!?]{0,20}(?:about to |will |soon )?expir\\w*",
      "giveaway",
      "points (?:are )?(?:about to )?expir(?:e|ing)",
      // Card and loyalty points said to be worth money that lapses: the reward-points lure ("points worth Rs 6,885
      // will expire today", "redeem your points in cash").
      "points? worth [^.!?]{0,30}(?:expir\\w*|lapse)",
      "(?:redeem|convert|encash|exchange) (?:your |the |all )?(?:[a-z]+ )?points? (?:in|into|for|as) cash",
      // "Your bill is paid, here's a little gift for you": an unasked-for gift.
      "(?:here ?'?s|here is) (?:a |your )?(?:little |small |special )?(?:gift|reward|bonus|present|freebie) for (?:you|u)",
      // "Your mobile number has won $2,500", "your entry was drawn": a number or ticket that won, not a person.
      // Also as SpamHunter's lemmatised copies write it ("your cell have win 500,000").
      "(?:number|phone|mobile|cell|sim|ticket|entry|email|e-mail) (?:has |have |was |is )?(?:just )?(?:won|win|been selected|been chosen|been drawn|drawn)",
      // The same of a number written short or a name ("your mob has won", "your whatsapp no has won", "your mobile
      // number have been awarded", "your name have select in the lucky draw"), and a reader "selected to get" a sum.
      "(?:mob|(?:mobile|mob|phone|cell|whats ?app|sim) no\\.?|name)(?: has| have| was| is| be)?(?: just)?(?: been| be)? (?:won|win|selected|select|awarded|chosen)",
      "(?:number|mobile|phone|cell|sim) (?:has |have |was |is )?(?:been |be )?(?:awarded|selected|select)",
      "(?:you are|you're|u r|u are) (?:selected|chosen) to (?:get|receive|win)",
      "(?:you(?:'ve| have) been|you are|you're) (?:selected|chosen|awarded) for (?:a |the )?(?:cash|prize|reward|gift|award|bonus)",
      // A draw the reader never entered, as the Indian "product order" scripts and bumper-prize texts tell it.
      "luc?ky dra?ws?",
      "bump(?:a|e)r (?:draw|prize)",
    ],
    refund: [
      "refund",
      "rebate",
      "reimburse\\w*",
      "you(?:'re| are) (?:eligible|entitled|owed)",
      "unclaimed (?:funds|money|property|refund)",
      "stimulus",
      "owes? you",
      "overcharg\\w*",
    ],
    windfall: [
      // The advance-fee letter told in a text: a dead client's fund or an inheritance under the reader's surname, or a
      // stranger's deal worth millions ("a late client's unclaimed investment", "an inheritance fund in your surname",
      // "a business worth 42.5 million", "I want to transfer 3.5m dollars to you").
      "unclaimed (?:fund|inheritance|inhenritance|investment|investement|benefits?|estate|deposits?|sum)",
      "late (?:client|relative|investor)'?s?",
      "deceased (?:client|customer|relative|investor)'?s?",
      "same surname",
      "(?:in|on|under|with) your surname",
      "inheritance (?:funds?|claim|transfer|payment|sum)",
      "(?:business|transaction|proposal|deal|project|fund|sum|contract)s? (?:proposal )?(?:of|worth) (?:[$£€]|usd ?|us\\$ ?)?[\\d.,]+ ?(?:m|mil|million|billion)",
      "transfer (?:[$£€]|usd ?)?[\\d.,]+ ?(?:m|million|billion)(?: [a-z]+)? to you",
    ],
    overpayment: [
      "overpa(?:id|yment)",
      "(?:sent|paid|transferred|gave) (?:you )?[^.!?]{0,30}by (?:mistake|accident)",
      "(?:sent|paid|transferred|deposited) (?:you )?(?:too much|extra|more than)",
      "(?:accidentally|mistakenly) (?:sent|paid|transferred|deposited|venmoed|zelled) (?:you|to you|your)",
      "(?:send|return|refund|give) (?:back )?the (?:difference|extra|excess|rest)",
    ],
    job_offer: [
      "(?:job|work|position|role|employment|career) (?:offer|opportunit\\w*)",
      "(?:we are|we're|now) hiring",
      "(?:remote|part[- ]time|full[- ]time|work[- ]from[- ]home|online|flexible|home[- ]based) (?:job|work|position|role|opportunit\\w*)",
      "your (?:resume|cv|profile) (?:was|has been|is) (?:recommended|selected|reviewed|shortlisted|approved)",
      "(?:hr|human resources) (?:department|manager|team|specialist)",
      "recruit(?:er|ment|ing)",
      "(?:mystery|secret) shopp(?:er|ing)",
      "(?:hiring|talent) (?:manager|team|agency)",
    ],
    high_pay: [
      "\\$\\d{2,5}(?: ?(?:-|to) ?\\$?\\d{2,5})? ?(?:per|a|/|each) ?(?:day|daily|hour|hr)",
      "(?:earn|make|salary|income|pay(?:ing)?|get) (?:up to )?[^.!?]{0,15}\\$\\d{2,5}\\+? ?(?:per|a|/|each|every) ?(?:day|week|hour|hr)",
      "(?:daily|weekly) (?:pay|salary|income|wages?)",
      "(?:paid|payment|pay) daily",
      "(?:only|just) \\d+(?:-\\d+)? (?:minutes|hours?|mins) (?:a|per) day",
    ],
    loan_offer: [
      "(?:pre-?approved|approved|qualif(?:y|ied)|eligible) for (?:a |an |the |your )?(?:\\$?[\\d,]+ )?(?:personal |business |instant |cash |emergency )?(?:loan|credit line|line of credit|cash advance)",
      "(?:guaranteed|instant|easy|fast|quick) (?:loan|cash advance|loan approval)",
      "no credit check",
      "bad credit (?:ok|okay|welcome|accepted|no problem)",
    ],
    task_scam: [
      "(?:simple|easy|online|daily|small) tasks?",
      "complete (?:the )?(?:last |remaining |final |next )?(?:\\d+ |a few |some |simple )?(?:sets of )?(?:tasks|orders|assignments)",
      "vip (?:level|tier|member(?:ship)?|account)",
      "(?:like|rate|review|rating|boost|optimi[sz]e|optimi[sz]ing|subscrib\\w*) (?:youtube |tiktok )?(?:videos|apps|products|hotels|data|orders|channels|movies)",
      "(?:app|product|hotel|data|order|movie|music) (?:optimi[sz]ation|boosting|rating|reviews?)",
      // Commission as pay for tasks, not a commission that is a body ("Consumer Product Safety Commission").
      "(?:earn|earned|earning|get|receive|withdraw|your|higher|high|daily|instant|extra|\\d+ ?%|\\$[\\d,.]+) commissions?",
      "commissions? (?:paid|tasks?|per|of \\$|of \\d|for each|on each|rate|daily|up to)",
      // A recharge or deposit asked before tasks go on or pay is released; an operator's "recharge your account to
      // continue to enjoy the service" is a prepaid line's own reminder.
      "(?:recharge|top[- ]?up|deposit)(?: (?:into |to )?your account)? to (?:unlock|withdraw|complete (?:the |your )?(?:tasks?|orders?)|continue (?:the |your |with )?(?:tasks?|orders?|work|working|earning))",
    ],
    investment: [
      "teach you (?:how )?to (?:invest|trade)",
      "(?:crypto|bitcoin|forex|trading|investment|stock) (?:platform|opportunit\\w*|mentor|signals?|group|plan|app|expert|tips?|club|community|channel|picks?)",
      "(?:crypto|bitcoin|forex|stock|day|options) trader",
      "(?:professor|analyst|mentor)'?s? assistant",
      "assistant (?:to|of|for) (?:a |an |the |my )?(?:stock |investment |financial |crypto |trading )?(?:analyst|professor|mentor|advisor|trader)",
      "(?:investment|investing|trading|crypto|stock) (?:seminar|conference|class|course|workshop|event)",
      "passive income",
      "(?:mining|liquidity) pool",
      "liquidity mining",
      "invest(?:ing|ment)? (?:in|with|now)",
      "financial freedom",
    ],
    return_promise: [
      "guaranteed (?:returns?|profits?|income|gains?)",
      "(?:daily|weekly|monthly) (?:returns?|profits?|gains?|roi)",
      "\\d+ ?% (?:daily|weekly|monthly|a day|a week|per day|per week|returns?|profits?|gains?|roi)",
      "(?:double|triple|10x) your (?:money|investment|btc|crypto|savings)",
      "(?:gained|made|earned|returned) (?:over )?\\d{2,4} ?%",
      "risk[- ]free (?:investment|returns?|profits?|trading|income)",
    ],
    platform_move: [
      "(?:add|text|message|msg|contact|chat|reach|talk|write|dm|call|ping|find) (?:me|us|with me|with us)?[^.!?]{0,12}(?:on|via|through|at|in) (?:whatsapp|telegram|signal|wechat|kakao)",
      "(?:whatsapp|telegram|wechat|signal)(?: number| id| account| group| handle)?(?: is|:)? (?:<phone>|@)",
      "(?:my|our) (?:whatsapp|telegram|wechat)",
      "(?:on|via|through|over) (?:whatsapp|telegram|wechat)",
      "(?:do|can) you (?:use|have|download) (?:whatsapp|telegram|wechat|signal)",
      "(?:whatsapp|telegram) (?:group|channel)",
    ],
    reply_reopen: [
      'reply (?:with )?(?:"?y"?|"?yes"?|"?1"?)[^.!?]{0,60}(?:link|activate|reopen|re-open|open|click)',
      "(?:exit|close|leave) (?:the |this )?(?:message|sms|text|chat)[^.!?]{0,40}(?:reopen|re-open|open (?:it )?again)",
      "(?:copy|paste) (?:the |this )?(?:link|url|address) (?:in|into|to) (?:your )?(?:browser|safari|chrome)",
      "(?:re-?open) (?:this|the) (?:message|sms|text) (?:to|and)",
      "activate the link",
    ],
    new_number: [
      "(?:this is|it'?s|its) my new (?:number|phone|cell|mobile)",
      "my new (?:number|phone number|cell)",
      "new (?:number|phone)[,.! ]+(?:this is|it'?s|its)",
      "(?:lost|broke|dropped|cracked|smashed|damaged) my (?:phone|cell|mobile)",
      "(?:my )?(?:old )?phone (?:is |got |was )?(?:broken|broke|lost|stolen|died|dead|damaged)",
      "(?:save|delete) (?:this|my|the old) (?:new )?number",
      "texting (?:you )?from (?:a |my )?(?:friend'?s|new|different) (?:phone|number)",
    ],
    family_address: [
      "(?:hi|hey|hello|hiya)[,! ]+(?:mum|mom|mam|mommy|mummy|mama|dad|daddy|papa|pops|grandma|grandpa|granny|nana|nan)",
      "^(?:mum|mom|mam|mommy|mummy|mama|dad|daddy|papa|grandma|grandpa|granny|nana|nan)[,!]? (?:it'?s|its) me",
      "(?:it'?s|this is) (?:me,? )?your (?:son|daughter|grandson|granddaughter|kid|boy|girl|nephew|niece)",
    ],
    family_trouble: [
      "(?:i'?m|i am|we are|we're) in (?:trouble|jail|the hospital|hospital|a bit of trouble)",
      "(?:had|been in|got in|got into|was in) (?:a|an) (?:car )?(?:accident|crash)",
      "bail(?: money)?",
      "(?:need|needs) (?:your )?(?:help|a favou?r) (?:urgently|asap|right now|with (?:a|the|my) (?:bill|payment))",
      "(?:will not|won'?t|refuses? to) (?:release|discharge) me",
      "can you (?:do me a favou?r|help me out)",
    ],
    wrong_number: [
      "^(?:hi|hey|hello|good (?:morning|afternoon|evening))?[,! ]*(?:is this|is that|am i (?:texting|speaking to|talking to)) [a-z]+\\?",
      "sorry,? (?:wrong number|i (?:think i )?(?:have|had|got|texted) the wrong (?:number|person)|to bother you)",
      "wrong number",
      "(?:did|do|have) (?:i|we) (?:meet|met|know each other)",
      "i got your number from",
      "[a-z]+ (?:gave|passed|sent|shared|recommended|referred) (?:me )?(?:your|this) (?:number|contact)",
      "(?:saw|found|have|had|got) your number (?:in|on|saved in) my (?:contacts|phone|list)",
      "(?:added|saved|texted|messaged) the wrong (?:contact|person|number)",
      "^(?:hi|hey|hello|good (?:morning|afternoon|evening))?[,! ]*is this (?:mr|mrs|ms|miss|dr)\\.? [a-z]+\\?",
      "are you (?:mr|mrs|ms|miss|dr)\\.? [a-z]+",
      "is this (?:number )?still (?:your number|correct|right|valid|in use|active)",
      "is this (?:still )?(?:the right|the correct|your) number",
      "is this the (?:number|phone|cell) (?:of|for)",
      "(?:is|isn't) this [a-z]+'?s (?:number|phone)",
      "(?:your|this) number (?:was|is) (?:saved )?in my (?:contacts|phone)",
    ],
    befriend: [
      "(?:nice|great|lovely|glad|a pleasure) (?:to meet|meeting|to know) you",
      "(?:can|could|shall|may) we (?:be|become) friends",
      "where are you from",
      "(?:it'?s|it is|must be|was) (?:fate|destiny)",
      "you (?:seem|sound) (?:like )?(?:a )?(?:very |really )?(?:nice|kind|lovely|sweet|interesting|friendly)",
      "(?:make|making) (?:a )?new friends?",
      "get to know (?:you|each other)",
      "do you (?:still )?remember me",
      "long time no (?:see|talk|hear)",
      "we met (?:at|in|during|on)",
      "we (?:talked|spoke|chatted) (?:at|in|during|on|last)",
    ],
    romance: [
      // "Dear customer, ..." opens a notice: "dear" is an endearment when it is said to you, not when it heads a letter.
      "(?:my|hi|hello|hey|oh|morning|night|goodnight|thank you|thanks) dear(?:est)?",
      "dear(?:est)?[,!.]",
      "dear(?:est)? (?:beloved|friend|one|heart)",
      "beloved",
      "(?:my )?(?:darling|sweetheart|my love|my queen|my king|beautiful|babe|baby)",
      "(?:i'?m|i am) (?:a )?(?:lonely|single|widow(?:er|ed)?|divorced)",
      "(?:soldier|army|military|deployed|deployment|peacekeeping|oil rig|offshore|un mission)",
      "(?:fell|falling|fall|fallen) (?:in love|for you)",
      "soul ?mate",
      "my heart",
    ],
    toll: [
      "(?:unpaid|outstanding|overdue|pending|past due|unsettled) (?:toll|tolls|road usage)",
      "toll (?:balance|bill|charges?|violation|notice|invoice|fees?|evasion|payment|services?|due|amount)",
      "(?:e-?z ?pass|fastrak|sunpass|txtag|peach pass|i-?pass|the toll roads|good to go|quick pass|pikepass|tolls? by mail|toll by plate)",
    ],
    parcel: [
      "(?:package|parcel|shipment|delivery|item|order)[^.!?]{0,40}(?:on hold|held|could not be delivered|cannot be delivered|was not delivered|undeliverable|failed|unsuccessful|returned|suspended|delayed|incomplete|unable to (?:be )?deliver\\w*|pending)",
      "(?:incomplete|invalid|wrong|incorrect|missing|unclear) (?:address|house number|street number|zip|postal code|recipient)",
      "redeliver\\w*",
      "re-deliver\\w*",
      "(?:reschedule|schedule) (?:your |the )?(?:delivery|redelivery)",
      "(?:update|confirm|verify|correct) (?:your |the )?(?:delivery |shipping |mailing )?address",
      "(?:update|confirm|verify|correct|provide) (?:your |the )?(?:delivery|shipping) (?:details|information|info|preferences|instructions)",
      "(?:customs|storage|postage|shipping|delivery) (?:fee|charge|duty)",
      // The failed attempt told from the courier's side ("we tried to deliver", "could not deliver your parcel",
      // "will not ship ... due to outstanding shipping cost").
      "(?:tried|attempted|trying|unable|failed|could ?not|couldn't|cannot|can't|were not able) to (?:make (?:a |the )?)?deliver(?:y|ing)?",
      "(?:problem|issue|trouble)s? (?:with )?deliver(?:ing)? (?:your|the) (?:package|parcel|shipment|order|item)",
      "(?:will not|won't|cannot|can't|could not|couldn't) (?:be )?(?:ship(?:ped)?|dispatch(?:ed)?)",
      "(?:outstanding|unpaid|pending) (?:shipping|delivery|customs|postage|redelivery) (?:costs?|fees?|charges?|duty|payment)",
      // A parcel waiting on the reader: to set, confirm or check something of its delivery, or to pay its postage
      // ("your package is waiting for you to set delivery preferences", "confirm the details for shipment ID",
      // "there was no postage"); also as SpamHunter's lemmatised copies write it ("be wait", "have try to deliver").
      "(?:package|parcel|shipment|item)[^.!?]{0,60} (?:is|be|are|remains?) (?:still )?wait(?:ing)? for (?:you|your|delivery|collection|confirmation|payment)",
      "(?:set|confirm|check|review|update|verify) (?:your |the )?(?:delivery|shipping|shipment) (?:details?|preferences?|address|fee)",
      "(?:confirm|check|review|update|verify) (?:your |the )?details? (?:for|of) (?:your |the )?(?:shipment|parcel|package|delivery)",
      "(?:no|insufficient|unpaid) postage",
      "(?:ship|shipping|delivery|postage) fee of",
      // "Your package have an unpaid fee of 1.25 EUR", "your parcel has an outstanding charge".
      "(?:package|parcel|shipment|item)[^.!?]{0,40}(?:unpaid|outstanding) (?:fees?|charges?|duty|balance)",
      "(?:try|tries) to deliver",
    ],
    account_alert: [
      "(?:unusual|suspicious|unauthori[sz]ed|irregular|fraudulent|unrecogni[sz]ed) (?:activity|sign[- ]?in|log[- ]?in|access|transaction|charge|purchase|attempt|payment)",
      "fraud (?:alert|department|team|prevention)",
      "security alert",
      "(?:card|account) (?:ending|ending in|ending with)",
      "(?:did|did u) (?:you|u) (?:attempt|make|authori[sz]e|try)",
      "new (?:sign[- ]?in|login|device)",
      "(?:someone|somebody) (?:tried|attempted|is trying|has tried) to (?:log ?in|sign ?in|access|use|open|get into)",
      "(?:someone|somebody) (?:signed|logged) (?:in|into|on)",
      "(?:log ?in|sign[- ]?in) (?:was |has been )?attempted",
      // "Please confirm recent activity on your debit card": the bank asks about activity it has not named.
      "(?:confirm|review|verify) (?:the |your |some )?recent (?:activity|transactions?|purchases?|charges?|sign[- ]?ins?|log[- ]?ins?)",
    ],
    account_locked: [
      "(?:your|the|this|ur|our)(?: [a-z0-9+&'-]+){0,3} (?:account|membership|service|profile|email|number|subscription|line|plan|policy|coverage)[^.!?]{0,30}(?:will be|is being|has been|is going to be) (?:permanently )?(?:deactivated|closed|suspended|disabled|terminated|deleted|cancell?ed|disconnected)",
      "(?:account|card|profile|access|apple id|online banking|debit card|credit card|membership)[^.!?]{0,30}(?:locked|suspended|restricted|disabled|deactivated|frozen|on hold|blocked|limited|compromised)",
      "(?:locked|suspended|restricted|disabled|deactivated|frozen|blocked|limited) (?:your )?(?:account|card)",
      // The same in the uninflected English of copied and lemmatised scripts ("your account have be suspend", "your
      // ATM card be block", "we have limit your account"): a real notice inflects its verbs.
      "(?:account|a/c|acc|acct|atm|card|profile|access|apple id|online banking|netbanking|net banking|internet banking|membership|wallet)[^.!?]{0,30}(?:be|been|bee'?n) (?:temporarily |permanently |now )?(?:lock|block|suspend|restrict|disable|deactivate|freeze|terminate|limit|compromise)",
      "(?:we|we've|we have|have|has) (?:temporarily )?(?:lock|block|suspend|restrict|disable|deactivate|freeze|limit) (?:your |the )?(?:[a-z]+ ){0,2}(?:account|card|access|service)",
    ],
    account_problem: [
      "(?:account|mailbox|inbox|email)[^.!?]{0,20}(?:needs|requires) (?:your )?(?:attention|action|review|verification)",
      "(?:mailbox|inbox|storage|icloud|google photos|google drive|drive)[^.!?]{0,20}(?:is |are )?(?:full|almost full|over (?:its |your )?quota|out of space)",
      "password (?:expires?|will expire|has expired|is expiring|expiring)",
      "(?:payment method|card on file|billing (?:method|information|info|details))[^.!?]{0,15}(?:was |has been |is |were )?(?:declined|rejected|expired|invalid|failed|unsuccessful)",
      "(?:document|file|folder|invoice|fax)s? (?:was |were |has been )?(?:shared|sent) with you",
      "shared (?:a |an )?(?:document|file|folder|invoice) with you",
      "(?:new |unread )?voice ?mails?",
      "(?:incoming )?(?:messages|emails|mail) (?:are |is )?(?:on hold|pending|held|suspended|blocked)",
      "(?:photos|videos|files)[^.!?]{0,20}will be (?:deleted|removed|lost)",
      "(?:could not|couldn't|unable to) (?:verify|confirm) your (?:account|identity|information|details)",
      "(?:a |an )?(?:problem|issue) with your (?:account|payment|billing|card|profile)",
      // A payment the sender says it could not take: "we couldn't authorize your payment", "your payment failed".
      "(?:could not|couldn't|were unable to|was unable to|unable to|failed to|cannot|can't) (?:process|authori[sz]e|charge|complete|collect) (?:your |the )?(?:(?:recent|last|latest|monthly|automatic|auto|scheduled) )?(?:payment|bill payment|card|transaction|renewal)",
      "(?:your )?(?:(?:recent|last|latest|monthly|automatic|auto|scheduled) )?(?:bill )?payment (?:has |was )?(?:failed|declined|rejected|unsuccessful|did not go through|didn't go through)",
      "(?:account|balance|bill|payment|invoice|membership) (?:is|was|are|has been) (?:now )?(?:past due|overdue|delinquent)",
      "past due (?:balance|amount|payment|bill)",
      "(?:due to|for|because of|over) (?:an? |your )?(?:unpaid|overdue|past due) (?:bill|invoice)s?",
      "(?:due to|for|because of) non-?payment",
    ],
    government: [
      "irs",
      "internal revenue",
      "social security (?:administration|number|benefits|office)",
      "ssa",
      "dmv",
      "department of (?:motor vehicles|revenue|labor|treasury|justice|transportation|homeland)",
      "medicare",
      "uscis",
      "fbi",
      "dea",
      "customs and border",
      "jury duty",
      "treasury",
      "tax (?:refund|return|debt|owed|bill|authorit\\w*)",
      "(?:federal|government) (?:grant|agency|benefits?)",
      "(?:traffic|parking) (?:ticket|violation|citation)",
      "bmv",
      "mvd",
      "vehicle registration",
      "court (?:notice|summons|case|order|date)",
      "lawsuit",
      "sheriff'?s? (?:office|department)",
      "(?:driver'?s? )?license (?:suspension|renewal)",
      "(?:state )?tax (?:board|department|agency|office|collections?)",
    ],
    tech_support: [
      "virus(?:es)?",
      "malware",
      "trojan",
      "spyware",
      "(?:has been |have been |was |been )?(?:hacked|infected)",
      "(?:microsoft|windows|apple|mcafee|norton|geek squad|best buy|amazon) (?:support|security|technician|team|defender|help ?desk)",
      "(?:tech|technical) support",
      "(?:don't|do not) (?:shut down|turn off|restart|close) (?:your )?(?:computer|pc|device|browser)",
      "remote access",
      "anydesk",
      "teamviewer",
    ],
    charge_notice: [
      "(?:you(?:'ve| have)? been|will be|was|has been|were|is being) (?:charged|billed|debited|deducted)",
      "(?:subscription|membership|plan|order|purchase|payment|transaction|renewal) (?:of \\$[\\d,.]+ )?(?:(?:to|for|at|from) [a-z0-9&'. -]{1,30} )?(?:has been |was |is |will be )?(?:renewed|processed|confirmed|placed|approved|completed|successful|initiated)",
      "auto[- ]?renew\\w*",
      "invoice",
      "order (?:#|number|no\\.?|id)",
      "renews (?:today|tomorrow|tonight|automatically|on|for)",
    ],
    call_to_dispute: [
      "(?:if (?:you )?(?:did not|didn't|do not|don't|did n't)[^.!?]{0,50}|(?:if )?(?:it was |this was )?not you[?,!]? ?|if not[,!]? |(?:to|for) (?:cancel|dispute|stop|reverse|refund|report|decline)[^.!?]{0,30}|(?:cancel|dispute|refund)[^.!?]{0,20})(?:call|contact|dial|reach|ring|phone)[^.!?<]{0,30}<phone>",
      "(?:refund|cancel(?:lation)?|dispute)s?[^.!?<]{0,20}: ?<phone>",
      "(?:call|contact|dial) (?:us |our |the )?(?:now |immediately |today |asap )?(?:at |on )?<phone>[^.!?]{0,40}(?:cancel|dispute|refund|stop|reverse|not you|unauthori[sz]ed)",
    ],
    callback_promise: [
      "(?:agent|fraud team|fraud department|fraud specialist|security team|investigator|officer|lawyer|attorney)s? (?:will|is going to|shall|would) (?:call|contact|phone|reach out to|reach) you",
      "(?:we|we'll|we will) (?:call|contact) you (?:shortly |now |right away |immediately )?to (?:reverse|cancel|stop|recover|refund)",
    ],
    bank_details_change: [
      "(?:bank|banking|account|payment|remittance|wire|payee) (?:details|information|info|instructions) (?:have |has )?(?:changed|been (?:changed|updated))",
      "(?:new|updated|changed) (?:bank|banking|account|payment|remittance|wire|payee|direct deposit|payroll) (?:details|information|info|instructions|account)",
      "(?:send|direct|make|route) (?:all )?(?:future |the )?payments? to (?:our|the|this) new",
      "(?:bank|banking) (?:account|details|information|info) (?:has |have )?(?:changed|been changed|been updated)",
      "(?:to|into) (?:the|our|my|this) new (?:bank )?account",
    ],
    code_given: [
      `(?:verification|security|login|one[- ]time|confirmation|access|authentication|sign[- ]in|auth)? ?${CODE}(?: for [a-z0-9]+(?: [a-z0-9]+)?)?(?: is|:)? ?[:#]? ?\\d{4,8}`,
      `\\d{4,8} is your (?:[a-z]+ ){0,3}${CODE}`,
    ],
    // Codes to quote or redeem, not to enter at a sign-in: a code cue read inside one of these is no passcode.
    reference_code: [
      `${REFERENCE} (?:codes?|pins?|numbers?|no\\.?|#|ids?)(?:(?: is|:)? ?[:#]? ?[a-z0-9-]{3,12})?`,
      `\\d{4,8} is your (?:[a-z]+ ){0,2}${REFERENCE} (?:code|pin|number)`,
      `(?:code|pin)(?: is|:)? ?[:#]? ?\\d{4,8} to (?:claim|redeem|collect|receive|unlock) (?:your|the|a)`,
      "(?:to claim|to redeem|to collect|claim(?:ing)? (?:it )?(?:with|using)|redeem(?:ing)? (?:it )?(?:with|using)) (?:the |your |this )?(?:code|pin)",
    ],
    // A code the reader shows or gives the courier at the door ("share OTP 4412 only at delivery", "share this code
    // with the delivery agent"): the parcel is handed over against it, face to face.
    handover_code: [
      `(?:share|give|show|provide|tell|quote|mention) [^.!?]{0,30}${CODE}[^.!?]{0,30} (?:at|upon|on|during|after|before) (?:the )?(?:time of )?(?:delivery|pick ?up|collection|handover|hand-over|doorstep)`,
      `(?:share|give|show|provide|tell|quote|mention) [^.!?]{0,30}${CODE}[^.!?]{0,20} (?:with|to) (?:our |the |your |a )?(?:delivery|courier|rider)(?: (?:agent|executive|partner|person|boy|associate|driver|staff|rider))?`,
      `(?:delivery|courier) (?:agent|executive|partner|person|boy|associate|driver|staff|rider)s? [^.!?]{0,20}(?:will |may )?(?:ask|asks|need|needs|require|requires) (?:you )?(?:for )?(?:the |this |your |an? )?${CODE}`,
    ],
    share_warning: [
      "(?:don't|do not|never) (?:share|disclose|reveal)",
      "(?:we|[a-z]+) (?:will )?never (?:call|ask|text|email|contact)",
      "no one from",
      "(?:don't|do not) give (?:it|this code) to anyone",
      "if you did(?: not|n't) request (?:this|it)",
      "if (?:it was |this was )?not (?:requested|initiated) by you",
    ],
    opt_out: [
      "reply stop",
      "text stop",
      "stop to (?:end|opt|quit|cancel|unsubscribe|stop)",
      "msg ?& ?data rates",
      "msg frequency",
    ],
    own_app: [
      "(?:in|on|through|via|open|use|from) (?:the|our|your) (?:[a-z0-9+&'-]+ ){0,3}(?:app|application)",
      "(?:in|open|go to) (?:your )?(?:phone'?s |iphone |device )?settings",
      "at (?:the|your|our) (?:front desk|home club|club|gym|store|branch|pharmacy|counter|nearest store)",
      "in[- ]store",
      // In person at the sender's own branch or store with one's papers, as banks and operators ask for KYC ("visit
      // your home branch with ID proof", "visit the nearest Jio Store with original Aadhaar").
      "(?:visit|go to) (?:your|the|our|any) (?:nearest |home |base |local )?(?:[a-z0-9&'-]+ )?(?:branch|store|outlet|service cent(?:er|re)) with",
    ],
    reply_yes_no: [
      "reply (?:yes|y|1) (?:or|if)",
      'reply "?(?:yes|y)"?[^.!?]{0,40}[^.!?a-z]"?(?:no|n)"?',
      "(?:yes|y)/(?:no|n)",
    ],
    safety_recall: [
      "(?:safety |product |vehicle |open |voluntary |manufacturer )?recall(?:ed|ing|s)?",
      "recall notice",
    ],
    free_remedy: [
      "free (?:of charge|(?:recall )?(?:repairs?|remedy|remedies|replacements?|replacement parts?|fix|inspection|refund|service))",
      "(?:repairs?|remedy|replacements?|fix|inspection|service|refund|work) (?:is|are|will be) (?:free|(?:done |provided |performed )?(?:at )?no (?:cost|charge))",
      "(?:at )?no (?:cost|charge) to you",
      "(?:at|for) no (?:cost|charge)",
      "free of charge",
    ],
    premium_billing: [
      // Pence or pounds per message, minute, day or week as a tariff writes it ("150p/msg", "£1.50 per week"); dollars
      // per message or minute only (a price per month is a plan's).
      "\\d+(?:[.,]\\d{1,2})? ?(?:p|pence) ?(?:/|per|each|x) ?(?:msgs?|messages?|sms|txts?|texts?|rcvd|recd|tones?)",
      "\\d+(?:[.,]\\d{1,2})? ?(?:p|pence) ?(?:/|per|each) ?(?:mins?|minutes?|calls?|days?|weeks?)",
      "\\d+(?:[.,]\\d{1,2})? ?(?:p|pence) ?/ ?wks?",
      "(?:£|gbp ?)\\d+(?:[.,]\\d{1,2})? ?(?:/|per|each) ?(?:msgs?|messages?|sms|txts?|texts?|tones?)",
      "(?:£|gbp ?)\\d+(?:[.,]\\d{1,2})? ?(?:/|per|each) ?(?:mins?|minutes?|calls?|days?|weeks?)",
      "(?:£|gbp ?)\\d+(?:[.,]\\d{1,2})? ?/ ?wks?",
      "\\$\\d+(?:[.,]\\d{1,2})? ?(?:/|per|each) ?(?:msgs?|messages?|mins?|minutes?|sms|txts?|texts?)",
      "\\d+(?:[.,]\\d{1,2})? ?ppm",
      "\\d+p ?(?:msg|min)",
    ],
    surcharge: [
      "\\d+(?:\\.\\d+)? ?% (?:(?:credit |debit )?card |convenience |processing |service |transaction )*(?:fee|charge|surcharge)",
      "(?:(?:credit |debit )?card |convenience |transaction )(?:processing )?(?:fee|charge|surcharge)",
      "(?:processing|convenience|service|transaction) (?:fee|charge|surcharge)s? (?:of \\d+(?:\\.\\d+)? ?% )?(?:applies|apply|will apply|may apply|is added|are added|will be added|for (?:all )?(?:credit |debit )?card)",
      "no (?:(?:credit |debit )?card |convenience |processing |service |transaction )+(?:fee|charge|surcharge)s?",
    ],
  },
};
