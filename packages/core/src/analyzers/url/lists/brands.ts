// Commonly impersonated brands: name, category, keywords looked for in host labels and paths, and the
// registrable domains the brand itself operates. Maintained by hand; keywords are lower-case ASCII.
// A keyword of 7+ letters is matched anywhere in a label; shorter ones only on token boundaries or next
// to a lure word (see brand-index.ts), so "ups" does not fire inside "groups".

export const BRAND_CATEGORIES = [
  "bank",
  "payment",
  "delivery",
  "government",
  "tech",
  "crypto",
  "retail",
  "streaming",
  "telecom",
  "social",
  "travel",
  "gaming",
] as const;
export type BrandCategory = (typeof BRAND_CATEGORIES)[number];

export interface Brand {
  readonly name: string;
  readonly category: BrandCategory;
  /** Matched anywhere in a label when 7+ letters long, else on token boundaries or beside lure words. */
  readonly keywords: readonly string[];
  /** Common words that are also brand names ("booking", "delta"): matched only as whole tokens. */
  readonly tokenKeywords: readonly string[];
  readonly officialDomains: readonly string[];
  /** Operates sites on many country-code domains (amazon.de, google.fr): its label on a ccTLD is not suspicious. */
  readonly global: boolean;
}

// Official domains are the brand's or the authority's own: dmv.org, a private commercial guide named after the motor
// vehicles departments, is not one of them. A brand's own link domains count too, where the brand says so or its own
// apps and pages use them: hdfcbk.io (HDFC Bank's statement that links in its texts come from that domain alone, as
// reported by ABP Live, 2022), p-y.tm and paytm.me (the links Paytm's app treats as its own deep links and its
// texts carry), phon.pe (PhonePe's payment links and universal link), amzn.in and a.co (the share links Amazon's
// product pages hand out, amzn.in/d/... and a.co/d/...), tsel.me (the links in Telkomsel's own balance and plan
// menus, *888#).
// name | category | keywords (space separated; "=" marks a common word matched only as a whole token) | official registrable domains (space separated) | "g" when global
const TABLE = `
PayPal|payment|paypal|paypal.com paypal.me paypalobjects.com paypal-community.com paypal.co.uk paypal.de paypal.fr paypal.com.au|
Venmo|payment|venmo|venmo.com|
Cash App|payment|cashapp squarecash|cash.app cashapp.com squareup.com|
Zelle|payment|zelle zellepay|zellepay.com|
Square|payment|squareup|squareup.com square.com|
Stripe|payment|stripe|stripe.com stripe.network|
Visa|payment|visa|visa.com|g
Mastercard|payment|mastercard|mastercard.com mastercard.us|g
American Express|payment|amex americanexpress|americanexpress.com amex.com aexp.com|g
Discover|payment|discovercard|discover.com discovercard.com|
Western Union|payment|westernunion|westernunion.com wu.com|g
MoneyGram|payment|moneygram|moneygram.com|
Wise|payment|transferwise|wise.com transferwise.com|
Revolut|payment|revolut|revolut.com|
Klarna|payment|klarna|klarna.com|g
Afterpay|payment|afterpay|afterpay.com|
Payoneer|payment|payoneer|payoneer.com|
Skrill|payment|skrill|skrill.com|
Alipay|payment|alipay|alipay.com|
PayPay|payment|paypay|paypay.ne.jp|
Apple Pay|payment|applepay|apple.com|
Google Pay|payment|googlepay gpay|pay.google.com google.com|
Chase|bank|chase jpmorgan chaseonline|chase.com jpmorgan.com jpmorganchase.com chasebank.com|
Bank of America|bank|bankofamerica bofa|bankofamerica.com bofa.com mbna.com|
Wells Fargo|bank|wellsfargo|wellsfargo.com wf.com|
Citibank|bank|citibank citi citigroup|citi.com citibank.com citigroup.com citibankonline.com|g
Capital One|bank|capitalone|capitalone.com|
U.S. Bank|bank|usbank|usbank.com|
PNC|bank|pncbank pnc|pnc.com|
Truist|bank|truist|truist.com|
TD Bank|bank|tdbank tdcanadatrust|td.com tdbank.com|
HSBC|bank|hsbc|hsbc.com hsbc.co.uk hsbc.com.hk hsbc.ca hsbc.fr hsbc.com.mx|g
Barclays|bank|barclays barclaycard|barclays.co.uk barclays.com barclaycard.co.uk barclaycardus.com|
Lloyds Bank|bank|lloydsbank lloyds|lloydsbank.com lloydsbank.co.uk lloydsbankinggroup.com|
Halifax|bank|halifax|halifax.co.uk halifax-online.co.uk|
NatWest|bank|natwest nwolb|natwest.com|
Santander|bank|santander|santander.com santander.co.uk santanderbank.com santander.com.br santander.es|g
Royal Bank of Scotland|bank|rbs royalbankofscotland|rbs.co.uk rbs.com|
Nationwide|bank|=nationwide|nationwide.co.uk nationwide.com|
Monzo|bank|monzo|monzo.com|
Starling Bank|bank|starlingbank|starlingbank.com|
ING|bank|ingbank ing-diba|ing.com ing.nl ing.de ing.be ing.es ing.com.au|g
Deutsche Bank|bank|deutschebank deutsche-bank|db.com deutsche-bank.de|
Commerzbank|bank|commerzbank|commerzbank.de commerzbank.com|
Sparkasse|bank|sparkasse|sparkasse.de|
Volksbank|bank|volksbank|volksbank.de vr.de|
Postbank|bank|postbank|postbank.de|
BNP Paribas|bank|bnpparibas bnp|bnpparibas.com bnpparibas.fr mabanque.bnpparibas|
Credit Agricole|bank|creditagricole credit-agricole|credit-agricole.fr credit-agricole.com ca-paris.fr|
Societe Generale|bank|societegenerale|societegenerale.fr societegenerale.com|
La Banque Postale|bank|labanquepostale|labanquepostale.fr|
ABN AMRO|bank|abnamro|abnamro.nl abnamro.com|
Rabobank|bank|rabobank|rabobank.nl rabobank.com|
KBC|bank|kbcbank|kbc.be kbc.com|
UBS|bank|ubs|ubs.com|
Credit Suisse|bank|creditsuisse|credit-suisse.com|
Intesa Sanpaolo|bank|intesasanpaolo intesa|intesasanpaolo.com|
UniCredit|bank|unicredit|unicredit.it unicreditgroup.eu|
Poste Italiane|bank|posteitaliane|poste.it posteitaliane.it|
BBVA|bank|bbva|bbva.com bbva.es bbva.mx|g
CaixaBank|bank|caixabank lacaixa|caixabank.es caixabank.com|
Caixa|bank|caixa|caixa.gov.br|
Banco do Brasil|bank|bancodobrasil|bb.com.br|
Itau|bank|itau bancoitau|itau.com.br|
Bradesco|bank|bradesco|bradesco.com.br|
Nubank|bank|nubank|nubank.com.br nu.com.mx|
Banco BCP|bank|viabcp|viabcp.com|
Interbank|bank|=interbank|interbank.pe|
Banco Popular|bank|bancopopular popularenlinea|popular.com bancopopular.com popularenlinea.com|
Bancolombia|bank|bancolombia|bancolombia.com|
BancoEstado|bank|bancoestado|bancoestado.cl|
Kutxabank|bank|kutxabank|kutxabank.es|
Mercado Pago|payment|mercadopago|mercadopago.com mercadopago.com.br mercadopago.com.ar mercadolibre.com|
RBC|bank|rbcroyalbank royalbank|rbc.com rbcroyalbank.com|
Scotiabank|bank|scotiabank|scotiabank.com|
BMO|bank|bmo|bmo.com|
CIBC|bank|cibc|cibc.com|
Desjardins|bank|desjardins|desjardins.com|
Manulife|bank|manulife|manulife.com manulife.ca manulifebank.ca|
Simplii Financial|bank|simplii|simplii.com|
Tangerine|bank|=tangerine|tangerine.ca|
Interac|payment|interac|interac.ca|
PostFinance|bank|postfinance|postfinance.ch|
Nexi|payment|=nexi nexipayments|nexi.it nexigroup.com|
Commonwealth Bank|bank|commbank netbank|commbank.com.au|
ANZ|bank|anz|anz.com anz.com.au anz.co.nz|
Westpac|bank|westpac|westpac.com.au westpac.co.nz|
NAB|bank|nab nationalaustraliabank|nab.com.au|
ASB|bank|asbbank|asb.co.nz|
Standard Chartered|bank|standardchartered|sc.com|
DBS|bank|dbsbank|dbs.com dbs.com.sg|
OCBC|bank|ocbc|ocbc.com|
UOB|bank|uobgroup uobsg|uob.com.sg uobgroup.com|
Maybank|bank|maybank maybank2u|maybank.com maybank2u.com.my|
CIMB|bank|cimb cimbclicks|cimb.com cimbclicks.com.my cimb.com.my|
Kasikornbank|bank|kasikorn kasikornbank kbank|kasikornbank.com kbank.com|
SCB|bank|scbeasy|scb.co.th|
GCash|payment|gcash|gcash.com|
State Bank of India|bank|onlinesbi sbionline|sbi.co.in onlinesbi.sbi sbi.bank.in|
HDFC Bank|bank|hdfcbank hdfc|hdfcbank.com hdfc.bank.in hdfcbk.io|
ICICI Bank|bank|icicibank icici|icicibank.com icici.bank.in|
Axis Bank|bank|axisbank|axisbank.com axis.bank.in|
Paytm|payment|paytm|paytm.com paytm.me p-y.tm|
PhonePe|payment|phonepe|phonepe.com phon.pe|
MUFG|bank|mufg|mufg.jp bk.mufg.jp|
SMBC|bank|smbc|smbc.co.jp|
Mizuho|bank|mizuho|mizuhobank.co.jp mizuho-fg.co.jp|
JCB|payment|jcb myjcb|jcb.co.jp jcb.com|
Rakuten|retail|rakuten|rakuten.co.jp rakuten.com rakuten-card.co.jp|g
ABSA|bank|absa|absa.co.za|
Standard Bank|bank|standardbank|standardbank.co.za|
Navy Federal|bank|navyfederal navyfcu|navyfederal.org|
USAA|bank|usaa|usaa.com|
Charles Schwab|bank|schwab|schwab.com|
Fidelity|bank|=fidelity|fidelity.com|
Vanguard|bank|=vanguard|vanguard.com|
Ally Bank|bank|allybank|ally.com|
Regions Bank|bank|regionsbank|regions.com|
Citizens Bank|bank|citizensbank|citizensbank.com|
Fifth Third|bank|fifththird 53bank|53.com|
KeyBank|bank|keybank|key.com|
Huntington|bank|=huntington|huntington.com|
Synchrony|bank|=synchrony mysynchrony|synchrony.com mysynchrony.com|
SoFi|bank|sofi|sofi.com|
Chime|bank|chime|chime.com|
Coinbase|crypto|coinbase|coinbase.com|
Binance|crypto|binance|binance.com binance.us bnbchain.org binance.vision|
Kraken|crypto|kraken|kraken.com|
Crypto.com|crypto|cryptocom crypto-com|crypto.com|
Gemini|crypto|geminiexchange|gemini.com|
Bitfinex|crypto|bitfinex|bitfinex.com|
KuCoin|crypto|kucoin|kucoin.com|
OKX|crypto|okx okex|okx.com|
Bybit|crypto|bybit|bybit.com|
Blockchain.com|crypto|=blockchain|blockchain.com|
MetaMask|crypto|metamask|metamask.io|
Trust Wallet|crypto|trustwallet|trustwallet.com|
Ledger|crypto|ledger ledgerlive|ledger.com|
Trezor|crypto|trezor|trezor.io|
Exodus|crypto|=exodus|exodus.com|
Paxful|crypto|paxful|paxful.com|
Phantom|crypto|=phantom|phantom.app phantom.com|
MyEtherWallet|crypto|myetherwallet|myetherwallet.com|
Uniswap|crypto|uniswap|uniswap.org app.uniswap.org uniswap.exchange uniswap.eth|
PancakeSwap|crypto|pancakeswap|pancakeswap.finance|
OpenSea|crypto|opensea|opensea.io|
WalletConnect|crypto|walletconnect|walletconnect.com walletconnect.org|
Etherscan|crypto|etherscan|etherscan.io|
Apple|tech|apple appleid icloud itunes|apple.com icloud.com me.com apple.co apple.news|
Microsoft|tech|microsoft msft office365 microsoftonline onedrive sharepoint|microsoft.com live.com office.com office365.com microsoftonline.com outlook.com hotmail.com onedrive.com msn.com windows.com azure.com bing.com skype.com xbox.com msft.net|
Outlook|tech|outlook hotmail|outlook.com hotmail.com live.com|
Google|tech|google gmail googledrive|google.com gmail.com youtube.com googleapis.com googleusercontent.com gstatic.com goo.gl google.co.uk google.de google.fr google.co.jp google.com.br google.ca google.co.in|g
YouTube|social|youtube|youtube.com youtu.be|
Amazon|retail|amazon amazn amazonprime|amazon.com amazon.co.uk amazon.de amazon.co.jp amazon.fr amazon.ca amazon.in amazon.it amazon.es amazon.com.br amazon.com.mx amazon.com.au amazonaws.com amazon-adsystem.com amzn.to amzn.com amzn.in a.co primevideo.com a2z.com|g
AWS|tech|amazonaws awsconsole|amazonaws.com aws.amazon.com|
Facebook|social|facebook fb fbcdn|facebook.com fb.com fb.me messenger.com fbcdn.net meta.com|
Instagram|social|instagram|instagram.com cdninstagram.com|
WhatsApp|social|whatsapp|whatsapp.com whatsapp.net wa.me|
Meta|social|metabusiness|meta.com|
Twitter|social|twitter|twitter.com x.com t.co twimg.com|
LinkedIn|social|linkedin|linkedin.com lnkd.in|
TikTok|social|tiktok|tiktok.com tiktokv.com|
Snapchat|social|snapchat|snapchat.com|
Telegram|social|=telegram|telegram.org t.me|
Discord|social|discord|discord.com discord.gg discordapp.com|
Reddit|social|reddit|reddit.com redd.it|
Pinterest|social|pinterest|pinterest.com|
Yahoo|tech|yahoo ymail|yahoo.com yahoo.co.jp yahoo.co.uk ymail.com|g
AOL|tech|aol|aol.com|
Adobe|tech|adobe|adobe.com adobelogin.com|
Dropbox|tech|dropbox|dropbox.com|
DocuSign|tech|docusign|docusign.com docusign.net|
WeTransfer|tech|wetransfer|wetransfer.com|
Zoom|tech|zoom zoomus|zoom.us zoom.com|
Slack|tech|slack|slack.com|
Salesforce|tech|salesforce|salesforce.com force.com|
Intuit|tech|intuit quickbooks turbotax|intuit.com quickbooks.com turbotax.com|
GoDaddy|tech|godaddy|godaddy.com|
Norton|tech|norton|norton.com nortonlifelock.com|
McAfee|tech|mcafee|mcafee.com|
Samsung|tech|samsung|samsung.com|g
GitHub|tech|github|github.com githubusercontent.com github.io|
Steam|gaming|steam steampowered steamcommunity|steampowered.com steamcommunity.com steamgames.com|
Epic Games|gaming|epicgames|epicgames.com|
Roblox|gaming|roblox|roblox.com|
PlayStation|gaming|playstation|playstation.com sony.com|
Xbox|gaming|xbox|xbox.com|
Nintendo|gaming|nintendo|nintendo.com nintendo.co.jp|
Garena|gaming|garena|garena.com ff.garena.com|
RuneScape|gaming|runescape jagex|runescape.com jagex.com|
Netflix|streaming|netflix|netflix.com nflxext.com nflxvideo.net|
Disney+|streaming|disneyplus|disneyplus.com disney.com|
Hulu|streaming|hulu|hulu.com|
HBO Max|streaming|hbomax|max.com hbomax.com|
Spotify|streaming|spotify|spotify.com|
Prime Video|streaming|primevideo|primevideo.com|
Apple TV|streaming|appletv|tv.apple.com apple.com|
Roku|streaming|roku|roku.com|
Paramount+|streaming|paramountplus|paramountplus.com|
eBay|retail|ebay|ebay.com ebay.co.uk ebay.de ebay.fr ebay.it ebay.es ebay.ca ebay.com.au ebayinc.com|g
Kleinanzeigen|retail|kleinanzeigen|kleinanzeigen.de ebay-kleinanzeigen.de|
Walmart|retail|walmart|walmart.com|
Target|retail|targetstore|target.com|
Costco|retail|costco|costco.com costco.ca|
Best Buy|retail|bestbuy|bestbuy.com|
Home Depot|retail|homedepot|homedepot.com|
Lowe's|retail|lowes|lowes.com|
Alibaba|retail|alibaba|alibaba.com|
AliExpress|retail|aliexpress|aliexpress.com aliexpress.us|
Temu|retail|temu|temu.com|
Shein|retail|shein|shein.com|
Etsy|retail|etsy|etsy.com|
IKEA|retail|ikea|ikea.com|g
Shopify|retail|shopify|shopify.com myshopify.com|
Made-in-China|retail|madeinchina made-in-china|made-in-china.com|
OLX|retail|olx|olx.com olx.pl olx.ua olx.com.br olx.in|g
Allegro|retail|allegro|allegro.pl|
Leboncoin|retail|leboncoin|leboncoin.fr|
Mercado Libre|retail|mercadolibre mercadolivre|mercadolibre.com mercadolivre.com.br|
Americanas|retail|americanas|americanas.com.br|
Carrefour|retail|carrefour|carrefour.com carrefour.fr|
Tesco|retail|tesco|tesco.com|
Marks and Spencer|retail|marksandspencer|marksandspencer.com|
Booking.com|travel|=booking|booking.com|
Airbnb|travel|airbnb|airbnb.com|
Expedia|travel|expedia|expedia.com|
Delta|travel|=delta|delta.com|
American Airlines|travel|americanairlines aadvantage|aa.com|
United Airlines|travel|unitedairlines|united.com|
Southwest|travel|=southwest|southwest.com|
Emirates|travel|=emirates|emirates.com|
Aeroflot|travel|aeroflot|aeroflot.ru|
Cathay Pacific|travel|cathaypacific|cathaypacific.com|
Uber|travel|uber|uber.com|
Lyft|travel|lyft|lyft.com|
DoorDash|retail|doordash|doordash.com|
ParkMobile|travel|parkmobile|parkmobile.io parkmobile.com|
PayByPhone|travel|paybyphone|paybyphone.com paybyphone.co.uk paybyphone.fr|
RingGo|travel|ringgo myringgo|ringgo.co.uk myringgo.co.uk|
JustPark|travel|justpark|justpark.com|
EasyPark|travel|easypark|easypark.com easypark.net|
Flowbird|travel|flowbird|flowbird.com|
HONK|travel|honkmobile|honkmobile.com|
ParkWhiz|travel|parkwhiz|parkwhiz.com|
SpotHero|travel|spothero|spothero.com|
ChargePoint|travel|chargepoint|chargepoint.com|
Electrify America|travel|electrifyamerica|electrifyamerica.com|
EVgo|travel|evgo|evgo.com|
bp pulse|travel|bppulse|bppulse.com bppulse.co.uk|
Tesla|travel|tesla teslamotors|tesla.com tesla.cn teslamotors.com|
IONITY|travel|ionity|ionity.eu|
Pod Point|travel|podpoint|pod-point.com|
Blink Charging|travel|blinkcharging|blinkcharging.com|
USPS|delivery|usps uspostal|usps.com usps.gov|
UPS|delivery|ups|ups.com theupsstore.com|
FedEx|delivery|fedex|fedex.com|
DHL|delivery|dhl|dhl.com dhl.de dhl.co.uk dhl.fr dhl.nl dhlparcel.nl dhl-usa.com|g
Royal Mail|delivery|royalmail|royalmail.com royalmail.co.uk|
Parcelforce|delivery|parcelforce|parcelforce.com|
Evri|delivery|evri myhermes|evri.com|
DPD|delivery|dpd|dpd.com dpd.co.uk dpd.de dpd.fr|g
GLS|delivery|gls|gls-group.eu gls-group.com|
Canada Post|delivery|canadapost postescanada|canadapost-postescanada.ca canadapost.ca|
Australia Post|delivery|auspost australiapost|auspost.com.au|
La Poste|delivery|laposte colissimo|laposte.fr laposte.net colissimo.fr|
Deutsche Post|delivery|deutschepost|deutschepost.de|
PostNL|delivery|postnl|postnl.nl|
Correos|delivery|correos|correos.es|
Swiss Post|delivery|swisspost diepost|post.ch|
InPost|delivery|inpost|inpost.pl inpost.eu inpost.co.uk|
Maersk|delivery|maersk maerskline|maersk.com|
Poczta Polska|delivery|pocztapolska|poczta-polska.pl pocztapolska.pl|
SingPost|delivery|singpost|singpost.com|
An Post|delivery|anpost|anpost.com anpost.ie|
Japan Post|delivery|japanpost jppost|japanpost.jp post.japanpost.jp|
Yamato|delivery|kuronekoyamato yamato|kuronekoyamato.co.jp|
Sagawa|delivery|sagawa|sagawa-exp.co.jp|
Amazon Logistics|delivery|amazonlogistics|amazon.com|
E-ZPass|government|ezpass e-zpass|e-zpassny.com ezpassnj.com ezpassmd.com ezpassva.com e-zpassiag.com ezpassde.com ezpassnh.com paturnpike.com|
SunPass|government|sunpass|sunpass.com|
FasTrak|government|fastrak|bayareafastrak.org thetollroads.com|
TxTag|government|txtag|txtag.org|
TollByPlate|government|tollbyplate|tollbyplate.com|
I-PASS|government|illinoistollway ipass|illinoistollway.com|
Peach Pass|government|peachpass|peachpass.com|
The Toll Roads|government|thetollroads|thetollroads.com|
NTTA|government|ntta ntta-tolltag|ntta.org|
IRS|government|irs|irs.gov|
SSA|government|ssa socialsecurity|ssa.gov socialsecurity.gov|
DMV|government|dmv|dmv.ca.gov dmv.ny.gov|
USA.gov|government|usagov|usa.gov|
Medicare|government|=medicare|medicare.gov cms.gov|
Login.gov|government|logingov|login.gov|
Treasury|government|=treasury treasurydirect|treasury.gov treasurydirect.gov fiscal.treasury.gov|
FBI|government|fbi|fbi.gov ic3.gov|
FTC|government|ftc|ftc.gov|
HMRC|government|hmrc|www.gov.uk hmrc.gov.uk|
GOV.UK|government|govuk|www.gov.uk|
DVLA|government|dvla|www.gov.uk dvla.gov.uk|
NHS|government|nhs|www.nhs.uk|
TV Licensing|government|tvlicensing|tvlicensing.co.uk|
Dart Charge|government|dartcharge|www.gov.uk|
Canada Revenue Agency|government|cra-arc canrevagency|canada.ca cra-arc.gc.ca|
Service Canada|government|servicecanada|canada.ca servicecanada.gc.ca|
ATO|government|ato|ato.gov.au|
myGov|government|mygov|my.gov.au|
Ameli|government|ameli|ameli.fr|
ANTAI|government|antai|antai.gouv.fr|
impots.gouv|government|impots|impots.gouv.fr|
Receita Federal|government|receitafederal|www.gov.br receita.fazenda.gov.br|
SAT Mexico|government|satmx|sat.gob.mx|
Verizon|telecom|verizon verizonwireless|verizon.com verizonwireless.com vzw.com|
AT&T|telecom|att attmail att-mail|att.com att.net|
T-Mobile|telecom|tmobile t-mobile|t-mobile.com t-mobile.de|g
Mint Mobile|telecom|mintmobile|mintmobile.com|
Comcast Xfinity|telecom|xfinity comcast|xfinity.com comcast.com comcast.net|
Spectrum|telecom|=spectrum|spectrum.com spectrum.net charter.com|
Cox|telecom|coxcommunications|cox.com cox.net|
Sprint|telecom|sprint|sprint.com|
Optimum|telecom|=optimum|optimum.com optimum.net|
Frontier|telecom|=frontier|frontier.com|
CenturyLink|telecom|centurylink|centurylink.com|
AT&T SBCGlobal|telecom|sbcglobal|sbcglobal.net att.com|
Vodafone|telecom|vodafone|vodafone.com vodafone.co.uk vodafone.de vodafone.it vodafone.es|g
O2|telecom|o2 o2uk|o2.co.uk o2online.de|
EE|telecom|eemobile|ee.co.uk|
BT|telecom|btinternet bt-mail|bt.com btinternet.com|
Orange|telecom|orange|orange.com orange.fr orange.es orange.pl|g
SFR|telecom|sfr|sfr.fr|
Free Mobile|telecom|freemobile free-mobile|free.fr mobile.free.fr|
Bouygues Telecom|telecom|bouygues bouyguestelecom|bouyguestelecom.fr|
Telstra|telecom|telstra bigpond|telstra.com.au telstra.com bigpond.com|
Optus|telecom|optus|optus.com.au|
Rogers|telecom|rogers|rogers.com|
Bell|telecom|bellcanada|bell.ca|
Telus|telecom|telus|telus.com|
Movistar|telecom|movistar|movistar.es movistar.com|
Telekom|telecom|telekom|telekom.de telekom.com|
Swisscom|telecom|swisscom|swisscom.ch|
NTT Docomo|telecom|docomo|docomo.ne.jp nttdocomo.co.jp|
SoftBank|telecom|softbank|softbank.jp softbank.co.jp|
Airtel|telecom|airtel|airtel.in airtel.com|
Telkomsel|telecom|telkomsel|telkomsel.com tsel.me|
IONOS|tech|ionos|ionos.com ionos.de ionos.co.uk ionos.fr ionos.es|
Bluewin|telecom|bluewin|bluewin.ch|
Ziggo|telecom|ziggo|ziggo.nl|
KPN|telecom|kpn|kpn.com|
TPG|telecom|tpgtelecom|tpg.com.au|
Mail.ru|tech|mailru|mail.ru|
Yandex|tech|yandex|yandex.ru yandex.com|
Daum|tech|daum|daum.net|
Naver|tech|naver|naver.com|
Zimbra|tech|zimbra|zimbra.com|
Roundcube|tech|=roundcube|roundcube.net|
cPanel|tech|cpanel|cpanel.net cpanel.com|
Webex|tech|webex|webex.com|
Okta|tech|okta|okta.com|
OneDrive|tech|onedrive|onedrive.com live.com|
Office 365|tech|office365 o365 microsoft365 ms365 m365|office.com microsoft.com|
Match.com|social|matchcom|match.com|
OurTime|social|ourtime|ourtime.com|
Tinder|social|tinder|tinder.com|
Signal|social|signalapp|signal.org|
Nextdoor|social|nextdoor|nextdoor.com|
Indeed|social|indeed|indeed.com|
Experian|bank|experian|experian.com|
Equifax|bank|equifax|equifax.com|
TransUnion|bank|transunion|transunion.com|
Geico|bank|geico|geico.com|
State Farm|bank|statefarm|statefarm.com|
Progressive|bank|=progressive|progressive.com|
Allstate|bank|=allstate|allstate.com|
`;

function parseTable(table: string): Brand[] {
  const brands: Brand[] = [];
  for (const line of table.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    const [name, category, keywords, domains, flags] = trimmed.split("|");
    if (name === undefined || category === undefined || keywords === undefined || domains === undefined) {
      throw new Error(`Malformed brand line: ${trimmed}`);
    }
    if (!(BRAND_CATEGORIES as readonly string[]).includes(category)) throw new Error(`Unknown category: ${trimmed}`);
    brands.push({
      name,
      category: category as BrandCategory,
      keywords: keywords.split(" ").filter((k) => k !== "" && !k.startsWith("=")),
      tokenKeywords: keywords
        .split(" ")
        .filter((k) => k.startsWith("="))
        .map((k) => k.slice(1)),
      officialDomains: domains.split(" ").filter((d) => d !== ""),
      global: flags === "g",
    });
  }
  return brands;
}

export const BRANDS: readonly Brand[] = parseTable(TABLE);
