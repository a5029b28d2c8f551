// Popular legitimate registrable domains (eTLD+1). A URL on one of these is not read as impersonation,
// and being here is evidence of legitimacy. The brands' own official domains are added automatically in
// brand-index.ts. Hosting platforms whose subdomains belong to anyone are deliberately absent unless the
// public suffix list already makes each customer's subdomain its own registrable domain.

const LIST = `
google.com youtube.com facebook.com instagram.com twitter.com x.com wikipedia.org amazon.com yahoo.com
reddit.com linkedin.com netflix.com microsoft.com office.com live.com bing.com apple.com icloud.com
whatsapp.com tiktok.com pinterest.com ebay.com paypal.com github.com stackoverflow.com wordpress.org
wordpress.com quora.com imdb.com twitch.tv spotify.com adobe.com dropbox.com zoom.us
salesforce.com cnn.com bbc.com bbc.co.uk nytimes.com theguardian.com washingtonpost.com wsj.com forbes.com
bloomberg.com reuters.com apnews.com npr.org foxnews.com nbcnews.com cbsnews.com go.com
usatoday.com huffpost.com businessinsider.com cnbc.com time.com theatlantic.com newyorker.com vox.com
espn.com nfl.com nba.com mlb.com weather.com accuweather.com craigslist.org indeed.com glassdoor.com
yelp.com tripadvisor.com booking.com airbnb.com expedia.com hotels.com kayak.com priceline.com
walmart.com target.com costco.com bestbuy.com homedepot.com lowes.com kohls.com macys.com nordstrom.com
wayfair.com etsy.com chewy.com instacart.com doordash.com ubereats.com grubhub.com uber.com lyft.com
chase.com bankofamerica.com wellsfargo.com citi.com capitalone.com usbank.com americanexpress.com
discover.com schwab.com fidelity.com vanguard.com intuit.com turbotax.com creditkarma.com nerdwallet.com
irs.gov ssa.gov usps.com ups.com fedex.com dhl.com usa.gov cdc.gov nih.gov fda.gov whitehouse.gov
nasa.gov noaa.gov ca.gov ny.gov texas.gov www.gov.uk www.nhs.uk canada.ca europa.eu un.org who.int
mozilla.org firefox.com chrome.com android.com googleapis.com gstatic.com googleusercontent.com
googlevideo.com doubleclick.net googletagmanager.com google-analytics.com youtu.be ytimg.com ggpht.com
cloudflare.com akamai.com akamaihd.net fastly.net amazonaws.com cloudfront.net azure.com azureedge.net
windows.net msn.com outlook.com hotmail.com skype.com xbox.com playstation.com nintendo.com steampowered.com
steamcommunity.com epicgames.com roblox.com minecraft.net ea.com blizzard.com battle.net riotgames.com
discord.com discord.gg telegram.org t.me signal.org slack.com notion.so atlassian.com atlassian.net
trello.com asana.com monday.com figma.com canva.com miro.com hubspot.com mailchimp.com
shopify.com squarespace.com wix.com godaddy.com namecheap.com bluehost.com hostgator.com
digitalocean.com heroku.com vercel.com netlify.com gitlab.com bitbucket.org npmjs.com pypi.org
docker.com kubernetes.io python.org nodejs.org rust-lang.org golang.org go.dev java.com oracle.com
ibm.com intel.com amd.com nvidia.com dell.com hp.com lenovo.com samsung.com sony.com lg.com asus.com
acer.com logitech.com cisco.com vmware.com redhat.com ubuntu.com debian.org archlinux.org
openai.com chatgpt.com anthropic.com claude.ai huggingface.co perplexity.ai
twitch.tv vimeo.com dailymotion.com soundcloud.com bandcamp.com pandora.com deezer.com hulu.com
disneyplus.com disney.com hbomax.com max.com paramountplus.com peacocktv.com primevideo.com roku.com
sling.com fubo.tv crunchyroll.com
verizon.com att.com t-mobile.com xfinity.com comcast.net spectrum.com cox.com sprint.com
vodafone.com orange.fr sfr.fr bt.com sky.com virginmedia.com o2.co.uk ee.co.uk three.co.uk
telstra.com.au optus.com.au rogers.com bell.ca telus.com
baidu.com qq.com weibo.com taobao.com tmall.com jd.com alibaba.com aliexpress.com alipay.com
163.com sohu.com sina.com.cn bilibili.com zhihu.com douyin.com
yandex.ru mail.ru vk.com ok.ru avito.ru ozon.ru wildberries.ru sberbank.ru
naver.com daum.net kakao.com coupang.com
rakuten.co.jp yahoo.co.jp amazon.co.jp nicovideo.jp line.me mercari.com
amazon.co.uk amazon.de amazon.fr amazon.it amazon.es amazon.ca amazon.in amazon.com.br amazon.com.mx
amazon.com.au ebay.co.uk ebay.de ebay.fr ebay.it ebay.com.au google.co.uk google.de google.fr
google.co.jp google.com.br google.ca google.co.in google.es google.it google.com.mx google.com.au
mercadolibre.com mercadolivre.com.br olx.com.br olx.pl allegro.pl leboncoin.fr zalando.de otto.de
idealo.de spiegel.de bild.de zeit.de faz.net welt.de t-online.de gmx.net web.de
lemonde.fr lefigaro.fr liberation.fr francetvinfo.fr orange.com free.fr laposte.fr laposte.net ameli.fr
corriere.it repubblica.it elpais.com elmundo.es marca.com as.com
globo.com uol.com.br terra.com.br
indiatimes.com ndtv.com hindustantimes.com flipkart.com paytm.com
zomato.com swiggy.com hotstar.com
abc.net.au smh.com.au news.com.au nzherald.co.nz stuff.co.nz
cbc.ca ctvnews.ca theglobeandmail.com
aljazeera.com dw.com france24.com euronews.com
archive.org wikimedia.org wiktionary.org wikihow.com britannica.com merriam-webster.com dictionary.com
khanacademy.org coursera.org edx.org udemy.com duolingo.com
harvard.edu mit.edu stanford.edu berkeley.edu ox.ac.uk cam.ac.uk
webmd.com mayoclinic.org healthline.com clevelandclinic.org
zillow.com realtor.com redfin.com trulia.com apartments.com
cars.com carmax.com autotrader.com kbb.com edmunds.com
ticketmaster.com eventbrite.com stubhub.com
patreon.com kickstarter.com gofundme.com
imgur.com giphy.com flickr.com deviantart.com behance.net dribbble.com unsplash.com
duckduckgo.com startpage.com brave.com opera.com vivaldi.com
proton.me protonmail.com tutanota.com zoho.com fastmail.com gmx.com aol.com
grammarly.com evernote.com
1password.com lastpass.com bitwarden.com dashlane.com
norton.com mcafee.com kaspersky.com avast.com bitdefender.com malwarebytes.com
coinbase.com binance.com kraken.com crypto.com gemini.com blockchain.com metamask.io ledger.com
trezor.io etherscan.io opensea.io uniswap.org coingecko.com coinmarketcap.com
robinhood.com etrade.com tdameritrade.com webull.com sofi.com chime.com venmo.com cash.app
wise.com revolut.com monzo.com klarna.com afterpay.com affirm.com stripe.com squareup.com
westernunion.com moneygram.com remitly.com
lloydsbank.co.uk barclays.co.uk hsbc.co.uk natwest.com santander.co.uk halifax.co.uk nationwide.co.uk
td.com rbc.com scotiabank.com bmo.com cibc.com
commbank.com.au westpac.com.au anz.com.au nab.com.au
applebees.com applied.com appliedmaterials.com pineapple.com purchase.edu groups.io upstart.com
chaseamp.com delta.com deltadental.com paypay.ne.jp paypal-community.com amazonsmile.com
metropolis.com amazonas.gov.br ebayinc.com upsidefoods.com target.com.au ikea.com
lyrics.com genius.com fandom.com ign.com gamespot.com polygon.com kotaku.com
theverge.com wired.com arstechnica.com techcrunch.com engadget.com cnet.com zdnet.com
mashable.com gizmodo.com lifehacker.com
nature.com sciencedirect.com springer.com wiley.com jstor.org researchgate.net arxiv.org
nationalgeographic.com smithsonianmag.com
spotify.link
`;

export const POPULAR_DOMAINS: readonly string[] = LIST.split(/\s+/).filter((d) => d !== "");
