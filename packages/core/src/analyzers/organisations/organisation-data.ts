import { getDomain } from "tldts";
import { BRANDS } from "../url/lists/brands.js";
import { ORGANISATION_CATEGORIES, type Organisation, type OrganisationCategory } from "./organisation.js";

// The organisations U.S. scams most often claim to be, maintained by hand. A phone number is listed only when it is
// the organisation's own published number, checked against the page in `source`; an entry without one lists domains
// only, because a wrong "official" number would make a scammer's line read as legitimate.
//
// Columns: id | category | region ("-" for national) | name | aliases (";") | domains (" ") | phones (" ") | source
// Aliases: plain ones count wherever they stand as whole words. "=Chase" marks an alias that is also an ordinary word
// (it goes to cuedAliases: it counts only beside a cue, "Chase account", or as the sender tag opening a message,
// "CHASE: ..."); "^ICE" one that counts only written in capitals (capitalAliases).
// Domains: "@Brand" ("@Bank_of_America") takes every official domain of that brand in url/lists/brands.ts (one list, two uses); a host
// below a shared registrable domain ("dmv.ca.gov") names the organisation's part of it.
const TABLE = `
irs|federal|-|Internal Revenue Service|IRS;Internal Revenue Service;Servicio de Impuestos Internos|@IRS|+18008291040|https://www.irs.gov/help/telephone-assistance
ssa|federal|-|Social Security Administration|SSA;Social Security;Social Security Administration;Seguro Social;Administracion del Seguro Social|@SSA|+18007721213|https://www.ssa.gov/agency/contact/
ftc|federal|-|Federal Trade Commission|FTC;Federal Trade Commission;Comision Federal de Comercio|@FTC identitytheft.gov donotcall.gov|+18773824357|https://www.ftc.gov/contact
ic3|federal|-|Internet Crime Complaint Center|IC3;Internet Crime Complaint Center|ic3.gov||https://www.ic3.gov/
fbi|federal|-|Federal Bureau of Investigation|FBI;Federal Bureau of Investigation|@FBI|+18002255324|https://www.fbi.gov/contact-us
dhs|federal|-|U.S. Department of Homeland Security|DHS;Homeland Security;Department of Homeland Security;Departamento de Seguridad Nacional|dhs.gov||https://www.dhs.gov/contact-us
uscis|federal|-|U.S. Citizenship and Immigration Services|USCIS;Citizenship and Immigration Services;Servicio de Ciudadania e Inmigracion|uscis.gov|+18003755283|https://www.uscis.gov/contactcenter
cbp|federal|-|U.S. Customs and Border Protection|CBP;Customs and Border Protection;US Customs;Border Patrol|cbp.gov|+18772275511|https://www.cbp.gov/about/contact
ice|federal|-|U.S. Immigration and Customs Enforcement|^ICE;Immigration and Customs Enforcement|ice.gov||https://www.ice.gov/contact
tsa|federal|-|Transportation Security Administration|TSA;Transportation Security Administration;TSA PreCheck|tsa.gov|+18662899673|https://www.tsa.gov/contact-center
medicare|federal|-|Medicare (Centers for Medicare & Medicaid Services)|Medicare;Medicaid;Centers for Medicare and Medicaid Services|@Medicare medicaid.gov|+18006334227|https://www.medicare.gov/talk-to-someone
treasury|federal|-|U.S. Department of the Treasury|=Treasury;US Treasury;Department of the Treasury;TreasuryDirect;Bureau of the Fiscal Service;Fiscal Service|@Treasury||https://home.treasury.gov/
usms|federal|-|U.S. Marshals Service|US Marshals;US Marshal;United States Marshals;Marshals Service;United States Marshals Service|usmarshals.gov||https://www.usmarshals.gov/
education|federal|-|U.S. Department of Education / Federal Student Aid|Department of Education;Federal Student Aid;FAFSA;Student Aid;Dept of Education|ed.gov studentaid.gov fafsa.gov|+18004333243|https://studentaid.gov/help-center/contact
fema|federal|-|Federal Emergency Management Agency|FEMA;Federal Emergency Management Agency|fema.gov disasterassistance.gov|+18006213362|https://www.fema.gov/about/contact
state-department|federal|-|U.S. Department of State|State Department;US Department of State;US State Department;Passport Agency;National Passport Information Center;Departamento de Estado|state.gov|+18774872778|https://travel.state.gov/content/travel/en/contact-us/passports.html
usagov|federal|-|USAGov|USA.gov;USAGov|@USA.gov|+18448724681|https://www.usa.gov/contact
login-gov|federal|-|Login.gov|Login.gov|@Login.gov||https://login.gov/contact/
dea|federal|-|Drug Enforcement Administration|DEA;Drug Enforcement Administration|dea.gov||https://www.dea.gov/contact-us
fcc|federal|-|Federal Communications Commission|FCC;Federal Communications Commission|fcc.gov|+18882255322|https://www.fcc.gov/contact-us
cfpb|federal|-|Consumer Financial Protection Bureau|CFPB;Consumer Financial Protection Bureau|consumerfinance.gov|+18554112372|https://www.consumerfinance.gov/about-us/contact-us/
fdic|federal|-|Federal Deposit Insurance Corporation|FDIC;Federal Deposit Insurance Corporation|fdic.gov|+18772753342|https://www.fdic.gov/contact
sec|federal|-|U.S. Securities and Exchange Commission|Securities and Exchange Commission|sec.gov||https://www.sec.gov/contact-information/sec-directory
hhs|federal|-|U.S. Department of Health and Human Services|HHS;Department of Health and Human Services;Health and Human Services|hhs.gov||https://www.hhs.gov/about/contact-us/index.html
va|federal|-|U.S. Department of Veterans Affairs|Veterans Affairs;Department of Veterans Affairs|va.gov|+18008271000|https://www.va.gov/contact-us/
sba|federal|-|U.S. Small Business Administration|SBA;Small Business Administration|sba.gov|+18008275722|https://www.sba.gov/about-sba/organization/contact-sba
secret-service|federal|-|U.S. Secret Service|Secret Service;US Secret Service;United States Secret Service|secretservice.gov||https://www.secretservice.gov/contact
uspis|federal|-|U.S. Postal Inspection Service|USPIS;Postal Inspection Service;Postal Inspector|uspis.gov||https://www.uspis.gov/contact-us
census|federal|-|U.S. Census Bureau|Census Bureau;US Census;US Census Bureau|census.gov||https://www.census.gov/about/contact-us.html
usps|postal|-|United States Postal Service|USPS;US Postal Service;United States Postal Service;Postal Service;US Post Office;USPS Tracking;Servicio Postal;Servicio Postal de los Estados Unidos;Correo de los Estados Unidos;Correos de EE UU|@USPS|+18002758777|https://www.usps.com/help/contact-us.htm
uscourts|court|-|U.S. Federal Courts|US Courts;United States Courts;Federal Court;US District Court;United States District Court;Federal District Court;US Bankruptcy Court;United States Bankruptcy Court;^PACER|uscourts.gov||https://www.uscourts.gov/contact-us
ca-courts|court|CA|Judicial Branch of California|California Courts;Judicial Branch of California;Judicial Council of California;Superior Court of California;California Superior Court|courts.ca.gov||https://courts.ca.gov/
tx-courts|court|TX|Texas Judicial Branch|Texas Judicial Branch;Texas Courts;Texas State Courts|txcourts.gov||https://www.txcourts.gov/
ny-courts|court|NY|New York State Unified Court System|New York State Unified Court System;Unified Court System;NY Courts;NYCourts;New York Courts;New York State Courts;NYS Courts|nycourts.gov||https://ww2.nycourts.gov/
fl-courts|court|FL|Florida State Courts|Florida Courts;Florida State Courts;Florida Supreme Court|flcourts.gov||https://www.flcourts.gov/
pa-courts|court|PA|Unified Judicial System of Pennsylvania|Unified Judicial System of Pennsylvania;Pennsylvania Courts;PA Courts|pacourts.us||https://www.pacourts.us/
il-courts|court|IL|Illinois Courts|Illinois Courts;Illinois Judicial Branch;Illinois Supreme Court|illinoiscourts.gov||https://www.illinoiscourts.gov/
oh-courts|court|OH|Supreme Court of Ohio and the Ohio Judicial System|Supreme Court of Ohio;Ohio Supreme Court;Ohio Courts|supremecourt.ohio.gov||https://www.supremecourt.ohio.gov/
ga-courts|court|GA|Judicial Council of Georgia|Georgia Courts;Judicial Council of Georgia;Georgia Judicial Branch|georgiacourts.gov||https://georgiacourts.gov/
nc-courts|court|NC|North Carolina Judicial Branch|North Carolina Judicial Branch;North Carolina Courts;NC Courts;NCcourts|nccourts.gov||https://www.nccourts.gov/
mi-courts|court|MI|Michigan Courts|Michigan Courts;Michigan Judicial Branch;Michigan Supreme Court|courts.michigan.gov||https://www.courts.michigan.gov/
nj-courts|court|NJ|New Jersey Courts|New Jersey Courts;NJ Courts;New Jersey Judiciary;NJ Judiciary|njcourts.gov||https://www.njcourts.gov/
va-courts|court|VA|Virginia's Judicial System|Virginia Courts;Virginia Judicial System;Virginia's Judicial System|vacourts.gov||https://www.vacourts.gov/
wa-courts|court|WA|Washington State Courts|Washington Courts;Washington State Courts|courts.wa.gov||https://www.courts.wa.gov/
az-courts|court|AZ|Arizona Judicial Branch|Arizona Courts;Arizona Judicial Branch|azcourts.gov||https://www.azcourts.gov/
ca-edd|state_agency|CA|California Employment Development Department|EDD;California EDD;Employment Development Department|edd.ca.gov||https://edd.ca.gov/
ca-ftb|state_agency|CA|California Franchise Tax Board|Franchise Tax Board;California FTB;^FTB|ftb.ca.gov||https://www.ftb.ca.gov/
ny-tax|state_agency|NY|New York State Department of Taxation and Finance|New York State Department of Taxation and Finance;NYS Department of Taxation and Finance;NYS Tax Department;NY Tax Department|tax.ny.gov||https://www.tax.ny.gov/
ny-dol|state_agency|NY|New York State Department of Labor|New York State Department of Labor;NYS Department of Labor;NYS DOL;NY DOL|dol.ny.gov||https://dol.ny.gov/
tx-twc|state_agency|TX|Texas Workforce Commission|Texas Workforce Commission;^TWC|twc.texas.gov||https://www.twc.texas.gov/
tx-comptroller|state_agency|TX|Texas Comptroller of Public Accounts|Texas Comptroller;Texas Comptroller of Public Accounts|comptroller.texas.gov||https://comptroller.texas.gov/
fl-dor|state_agency|FL|Florida Department of Revenue|Florida Department of Revenue|floridarevenue.com||https://floridarevenue.com/
fl-commerce|state_agency|FL|FloridaCommerce (Reemployment Assistance)|FloridaCommerce;Florida Commerce;Florida Department of Economic Opportunity;Florida DEO|floridajobs.org||https://www.floridajobs.org/
il-ides|state_agency|IL|Illinois Department of Employment Security|Illinois Department of Employment Security;IDES|ides.illinois.gov||https://ides.illinois.gov/
pa-uc|state_agency|PA|Pennsylvania Unemployment Compensation|Pennsylvania Unemployment Compensation;PA Unemployment;PA UC|uc.pa.gov||https://www.uc.pa.gov/
ga-dol|state_agency|GA|Georgia Department of Labor|Georgia Department of Labor;GA DOL|dol.georgia.gov||https://dol.georgia.gov/
oh-jfs|state_agency|OH|Ohio Department of Job and Family Services|Ohio Department of Job and Family Services;ODJFS;Ohio Job and Family Services|jfs.ohio.gov||https://jfs.ohio.gov/
nj-unemployment|state_agency|NJ|New Jersey Department of Labor and Workforce Development|New Jersey Department of Labor;NJ Department of Labor;NJDOL;NJ Unemployment|myunemployment.nj.gov||https://myunemployment.nj.gov/
ezpass-ny|toll|NY|E-ZPass New York|E-ZPass New York;E-ZPass NY;NY E-ZPass;New York E-ZPass;NYS E-ZPass|e-zpassny.com|+18003338655|https://www.e-zpassny.com/
ny-thruway|toll|NY|New York State Thruway Authority|NYS Thruway;New York State Thruway;Thruway Authority;New York State Thruway Authority;Tolls by Mail NY;NY Tolls by Mail;Tolls by Mail New York|thruway.ny.gov|+18448268400|https://www.thruway.ny.gov/travelers/tolls/cashless-tolls.html
mta-bt|toll|NY|MTA Bridges and Tunnels|MTA Bridges and Tunnels;^MTA|mta.info||https://new.mta.info/
ezpass-nj|toll|NJ|New Jersey E-ZPass|E-ZPass New Jersey;E-ZPass NJ;NJ E-ZPass;New Jersey E-ZPass;NJ Turnpike;New Jersey Turnpike|ezpassnj.com|+18882886865|https://www.ezpassnj.com/
pa-turnpike|toll|PA|Pennsylvania Turnpike Commission|Pennsylvania Turnpike;PA Turnpike;PA E-ZPass;Pennsylvania E-ZPass;PA Turnpike Toll By Plate;Pennsylvania Turnpike Commission|paturnpike.com|+18777366727|https://www.paturnpike.com/contact-us
ezdrivema|toll|MA|MassDOT EZDriveMA|EZDriveMA;EZ Drive MA;EZDrive Massachusetts;E-ZPass MA;Massachusetts E-ZPass;Mass E-ZPass;MassDOT|ezdrivema.com|+18776277745|https://www.ezdrivema.com/
ezpass-md|toll|MD|E-ZPass Maryland (Maryland Transportation Authority)|E-ZPass Maryland;Maryland E-ZPass;MD E-ZPass;MDTA;Maryland Transportation Authority|ezpassmd.com driveezmd.com mdta.maryland.gov|+18883216824|https://driveezmd.com/
ezpass-va|toll|VA|E-ZPass Virginia|E-ZPass Virginia;Virginia E-ZPass;VA E-ZPass|ezpassva.com|+18777627824|https://www.ezpassva.com/
ezpass-de|toll|DE|Delaware E-ZPass|E-ZPass Delaware;Delaware E-ZPass;DE E-ZPass;DelDOT|ezpassde.com||https://www.ezpassde.com/
ezpass-nh|toll|NH|New Hampshire E-ZPass|E-ZPass New Hampshire;New Hampshire E-ZPass;NH E-ZPass|ezpassnh.com||https://www.ezpassnh.com/
maine-turnpike|toll|ME|Maine Turnpike Authority|Maine Turnpike;Maine Turnpike Authority;Maine E-ZPass|maineturnpike.com||https://www.maineturnpike.com/
ohio-turnpike|toll|OH|Ohio Turnpike and Infrastructure Commission|Ohio Turnpike;Ohio E-ZPass|ohioturnpike.org||https://www.ohioturnpike.org/
riverlink|toll|KY|RiverLink|RiverLink|riverlink.com||https://riverlink.com/
ktag|toll|KS|Kansas Turnpike Authority (K-TAG)|Kansas Turnpike;Kansas Turnpike Authority;K-TAG;KTAG|ksturnpike.com myktag.com||https://www.ksturnpike.com/
ezpass|toll|-|E-ZPass|E-ZPass;EZ Pass;E ZPass;E-ZPass Group;E-ZPass IAG|@E-ZPass||https://www.e-zpassiag.com/
sunpass|toll|FL|SunPass|SunPass;Sun Pass;SunPass Pro;SunPass Toll-By-Plate;Florida Toll-By-Plate|@SunPass|+18888655352|https://www.sunpass.com/
florida-turnpike|toll|FL|Florida's Turnpike Enterprise|Florida's Turnpike;Florida Turnpike;Florida's Turnpike Enterprise|floridasturnpike.com||https://floridasturnpike.com/
cfx-epass|toll|FL|Central Florida Expressway Authority (E-PASS, Uni)|E-PASS;E-PASS Xtra;=Uni;Uni Pass;Central Florida Expressway;Central Florida Expressway Authority;^CFX|cfxway.com|+14078237277 +18003537277|https://www.cfxway.com/
bayarea-fastrak|toll|CA|FasTrak Bay Area|Bay Area FasTrak;FasTrak Bay Area;Bay Area Toll Authority;^BATA|bayareafastrak.org|+18772298655|https://www.bayareafastrak.org/
thetollroads|toll|CA|The Toll Roads (Transportation Corridor Agencies)|The Toll Roads;Transportation Corridor Agencies;The Toll Roads FasTrak|@The_Toll_Roads|+19497274800|https://www.thetollroads.com/
91-express-lanes|toll|CA|91 Express Lanes|91 Express Lanes|91expresslanes.com||https://www.91expresslanes.com/
metro-expresslanes|toll|CA|Metro ExpressLanes|Metro ExpressLanes;LA Metro ExpressLanes|metroexpresslanes.net||https://www.metroexpresslanes.net/
fastrak|toll|CA|FasTrak|FasTrak;Fas Trak;FastTrak|@FasTrak 91expresslanes.com metroexpresslanes.net||https://www.bayareafastrak.org/
txtag|toll|TX|TxTag|TxTag|@TxTag|+18884689824|https://www.txtag.org/
ntta|toll|TX|North Texas Tollway Authority (TollTag)|NTTA;North Texas Tollway Authority;TollTag;NTTA TollTag;ZipCash|@NTTA|+19728186882|https://www.ntta.org/
hctra|toll|TX|Harris County Toll Road Authority (EZ TAG)|HCTRA;Harris County Toll Road Authority;EZ TAG;EZ-TAG|hctra.org|+12818753279|https://www.hctra.org/
peach-pass|toll|GA|Peach Pass (State Road and Tollway Authority)|Peach Pass;State Road and Tollway Authority;SRTA|@Peach_Pass||https://www.peachpass.com/
ipass|toll|IL|Illinois Tollway (I-PASS)|I-PASS;Illinois Tollway;Illinois Tollway I-PASS;Illinois Toll Way|@I-PASS|+18008247277|https://www.illinoistollway.com/
good-to-go|toll|WA|Good To Go! (WSDOT)|=Good To Go;Good2Go;WSDOT;WSDOT Good To Go;Washington State Department of Transportation|mygoodtogo.com wsdot.wa.gov|+18669368246|https://mygoodtogo.com/
expresstoll|toll|CO|ExpressToll (E-470 Public Highway Authority)|ExpressToll;Express Toll;E-470;E-470 Public Highway Authority|expresstoll.com e-470.com|+13035373470|https://www.expresstoll.com/
pikepass|toll|OK|PikePass (Oklahoma Turnpike Authority)|PikePass;Pike Pass;Oklahoma Turnpike Authority;Oklahoma Turnpike;PlatePay|pikepass.com|+18007453727|https://www.pikepass.com/
nc-quick-pass|toll|NC|NC Quick Pass (North Carolina Turnpike Authority)|NC Quick Pass;NCQuickPass;North Carolina Quick Pass;North Carolina Turnpike Authority|ncquickpass.com myncquickpass.com|+18777697277|https://www.ncquickpass.com/
ups|parcel|-|UPS|^UPS;United Parcel Service;The UPS Store|@UPS|+18007425877|https://www.ups.com/us/en/support/contact-us.page
fedex|parcel|-|FedEx|FedEx;Fed Ex;Federal Express|@FedEx|+18004633339|https://www.fedex.com/en-us/customer-support.html
dhl|parcel|-|DHL|DHL;DHL Express|@DHL|+18002255345|https://www.dhl.com/us-en/home/customer-service.html
ontrac|parcel|-|OnTrac|OnTrac;On Trac;LaserShip|ontrac.com lasership.com||https://www.ontrac.com/
pge|utility|CA|Pacific Gas and Electric Company|PG&E;PG and E;Pacific Gas and Electric|pge.com|+18007435000|https://www.pge.com/en/about/contact-us.html
sce|utility|CA|Southern California Edison|SCE;Southern California Edison;SoCal Edison|sce.com|+18006554555|https://www.sce.com/customer-service
socalgas|utility|CA|Southern California Gas Company|SoCalGas;SoCal Gas;Southern California Gas|socalgas.com|+18004272200 +18772380092|https://www.socalgas.com/contact-us
sdge|utility|CA|San Diego Gas & Electric|SDG&E;San Diego Gas and Electric|sdge.com|+18004117343|https://www.sdge.com/contact-us
ladwp|utility|CA|Los Angeles Department of Water and Power|LADWP;Los Angeles Department of Water and Power;LA Department of Water and Power|ladwp.com|+18003425397|https://www.ladwp.com/
coned|utility|NY|Con Edison|Con Edison;ConEd;Con Ed;Consolidated Edison|coned.com|+18007526633|https://www.coned.com/en/contact-us
national-grid|utility|-|National Grid|National Grid|nationalgridus.com nationalgrid.com||https://www.nationalgridus.com/
duke-energy|utility|-|Duke Energy|Duke Energy|duke-energy.com|+18007779898|https://www.duke-energy.com/customer-service
fpl|utility|FL|Florida Power & Light|FPL;Florida Power and Light|fpl.com|+18002263545|https://www.fpl.com/contact.html
tampa-electric|utility|FL|Tampa Electric|Tampa Electric;TECO|tampaelectric.com||https://www.tampaelectric.com/
dominion|utility|-|Dominion Energy|Dominion Energy;=Dominion|dominionenergy.com||https://www.dominionenergy.com/
georgia-power|utility|GA|Georgia Power|Georgia Power|georgiapower.com|+18886605890|https://www.georgiapower.com/
alabama-power|utility|AL|Alabama Power|Alabama Power|alabamapower.com||https://www.alabamapower.com/
comed|utility|IL|ComEd|ComEd;Commonwealth Edison|comed.com|+18003347661|https://www.comed.com/contact-us
peco|utility|PA|PECO|^PECO;PECO Energy|peco.com||https://www.peco.com/contact-us
bge|utility|MD|BGE|BGE;Baltimore Gas and Electric|bge.com||https://www.bge.com/contact-us
pepco|utility|DC|Pepco|Pepco;Potomac Electric Power Company|pepco.com|+12028337500|https://www.pepco.com/contact-us
xcel|utility|-|Xcel Energy|Xcel Energy;Xcel|xcelenergy.com|+18008954999|https://www.xcelenergy.com/contact_us
pseg|utility|NJ|PSE&G|PSE&G;PSEG;Public Service Electric and Gas|pseg.com|+18004367734|https://nj.pseg.com/contactus
dte|utility|MI|DTE Energy|DTE;DTE Energy|dteenergy.com|+18004774747|https://www.dteenergy.com/us/en/residential/service-request/contact-us.html
consumers-energy|utility|MI|Consumers Energy|Consumers Energy|consumersenergy.com|+18004775050|https://www.consumersenergy.com/contact-us
ameren|utility|-|Ameren|Ameren;Ameren Missouri;Ameren Illinois|ameren.com||https://www.ameren.com/
entergy|utility|-|Entergy|Entergy|entergy.com||https://www.entergy.com/
aps|utility|AZ|Arizona Public Service|=APS;Arizona Public Service|aps.com|+16023717171|https://www.aps.com/en/Residential/Account/Customer-Service
srp|utility|AZ|Salt River Project|SRP;Salt River Project|srpnet.com|+16022368888|https://www.srpnet.com/customer-service
eversource|utility|-|Eversource|Eversource|eversource.com||https://www.eversource.com/
centerpoint|utility|-|CenterPoint Energy|CenterPoint Energy;CenterPoint|centerpointenergy.com||https://www.centerpointenergy.com/
aep|utility|-|American Electric Power|American Electric Power;^AEP|aep.com||https://www.aep.com/
firstenergy|utility|-|FirstEnergy|FirstEnergy;First Energy|firstenergycorp.com||https://www.firstenergycorp.com/
nv-energy|utility|NV|NV Energy|NV Energy;Nevada Energy|nvenergy.com||https://www.nvenergy.com/
pge-portland|utility|OR|Portland General Electric|Portland General Electric|portlandgeneral.com||https://portlandgeneral.com/
chase|bank|-|Chase|=Chase;JPMorgan Chase;JP Morgan Chase;Chase Bank|@Chase|+18009359935|https://www.chase.com/digital/customer-service
bank-of-america|bank|-|Bank of America|Bank of America;BofA|@Bank_of_America|+18004321000|https://www.bankofamerica.com/customer-service/contact-us/
wells-fargo|bank|-|Wells Fargo|Wells Fargo|@Wells_Fargo|+18008693557|https://www.wellsfargo.com/help/
citi|bank|-|Citi|Citibank;Citi;Citigroup|@Citibank||https://www.citi.com/
capital-one|bank|-|Capital One|Capital One;CapitalOne|@Capital_One||https://www.capitalone.com/
us-bank|bank|-|U.S. Bank|US Bank;USBank|@U.S._Bank|+18008722657|https://www.usbank.com/customer-service.html
pnc|bank|-|PNC Bank|PNC;PNC Bank|@PNC|+18887622265|https://www.pnc.com/en/customer-service.html
truist|bank|-|Truist|Truist|@Truist||https://www.truist.com/
td-bank|bank|-|TD Bank|TD Bank|@TD_Bank||https://www.td.com/us/en/personal-banking
navy-federal|bank|-|Navy Federal Credit Union|Navy Federal;Navy Federal Credit Union;NFCU|@Navy_Federal|+18888426328|https://www.navyfederal.org/contact-us.html
usaa|bank|-|USAA|USAA|@USAA|+18005318722|https://www.usaa.com/support/contact/
ally|bank|-|Ally Bank|Ally Bank;=Ally|@Ally_Bank|+18772472559|https://www.ally.com/contact-us/
citizens|bank|-|Citizens Bank|Citizens Bank|@Citizens_Bank||https://www.citizensbank.com/
regions|bank|-|Regions Bank|Regions Bank|@Regions_Bank||https://www.regions.com/
fifth-third|bank|-|Fifth Third Bank|Fifth Third;Fifth Third Bank|@Fifth_Third||https://www.53.com/
keybank|bank|-|KeyBank|KeyBank;Key Bank|@KeyBank||https://www.key.com/
huntington|bank|-|Huntington Bank|Huntington Bank;Huntington National Bank;=Huntington|@Huntington||https://www.huntington.com/
synchrony|bank|-|Synchrony|Synchrony Bank;=Synchrony|@Synchrony||https://www.synchrony.com/
schwab|bank|-|Charles Schwab|Charles Schwab;Schwab|@Charles_Schwab||https://www.schwab.com/
fidelity|bank|-|Fidelity Investments|Fidelity Investments;=Fidelity|@Fidelity||https://www.fidelity.com/
vanguard|bank|-|Vanguard|=Vanguard|@Vanguard||https://investor.vanguard.com/
sofi|bank|-|SoFi|SoFi|@SoFi||https://www.sofi.com/
chime|bank|-|Chime|=Chime|@Chime||https://www.chime.com/
american-express|bank|-|American Express|American Express;AmEx|@American_Express|+18005282122|https://www.americanexpress.com/en-us/customer-service/
discover|bank|-|Discover|=Discover;Discover Card;Discover Bank;DiscoverCard|@Discover|+18003472683|https://www.discover.com/customer-service/
experian|bank|-|Experian|Experian|@Experian||https://www.experian.com/
equifax|bank|-|Equifax|Equifax|@Equifax||https://www.equifax.com/
transunion|bank|-|TransUnion|TransUnion;Trans Union|@TransUnion||https://www.transunion.com/
paypal|payment|-|PayPal|PayPal;Pay Pal|@PayPal|+18882211161|https://www.paypal.com/us/cshelp/contact-us
venmo|payment|-|Venmo|Venmo|@Venmo|+18558124430|https://help.venmo.com/
cash-app|payment|-|Cash App|Cash App;CashApp;Square Cash|@Cash_App|+18009691940|https://cash.app/help
zelle|payment|-|Zelle|Zelle|@Zelle||https://www.zellepay.com/
visa|payment|-|Visa|=Visa|@Visa||https://usa.visa.com/
mastercard|payment|-|Mastercard|Mastercard;Master Card|@Mastercard||https://www.mastercard.us/
western-union|payment|-|Western Union|Western Union|@Western_Union|+18003256000|https://www.westernunion.com/us/en/customer-care.html
moneygram|payment|-|MoneyGram|MoneyGram;Money Gram|@MoneyGram||https://www.moneygram.com/
square|payment|-|Square|=Square|@Square||https://squareup.com/
coinbase|crypto|-|Coinbase|Coinbase|@Coinbase||https://help.coinbase.com/
binance|crypto|-|Binance|Binance;Binance US|@Binance||https://www.binance.com/
kraken|crypto|-|Kraken|=Kraken|@Kraken||https://www.kraken.com/
crypto-com|crypto|-|Crypto.com|Crypto.com|@Crypto.com||https://crypto.com/
gemini|crypto|-|Gemini|=Gemini|@Gemini||https://www.gemini.com/
microsoft|tech|-|Microsoft|Microsoft;Microsoft Support;Windows Support;Windows Defender;Microsoft Defender|@Microsoft|+18006427676|https://support.microsoft.com/contactus
apple|tech|-|Apple|=Apple;Apple Support;Apple ID;AppleCare;iCloud;iTunes|@Apple|+18002752273 +18006927753|https://support.apple.com/contact
google|tech|-|Google|Google;Gmail|@Google||https://support.google.com/
norton|tech|-|Norton|=Norton;Norton 360;Norton LifeLock;NortonLifeLock;Norton Antivirus;LifeLock|@Norton lifelock.com||https://support.norton.com/
mcafee|tech|-|McAfee|McAfee;Mc Afee|@McAfee||https://www.mcafee.com/support/
intuit|tech|-|Intuit|Intuit;TurboTax;QuickBooks|@Intuit||https://www.intuit.com/
adobe|tech|-|Adobe|Adobe|@Adobe||https://helpx.adobe.com/contact.html
docusign|tech|-|DocuSign|DocuSign;Docu Sign|@DocuSign||https://www.docusign.com/
dropbox|tech|-|Dropbox|Dropbox|@Dropbox||https://www.dropbox.com/support
yahoo|tech|-|Yahoo|Yahoo;Yahoo Mail|@Yahoo||https://help.yahoo.com/
facebook|tech|-|Facebook|Facebook;Meta Support;Facebook Security|@Facebook||https://www.facebook.com/help/
instagram|tech|-|Instagram|Instagram|@Instagram||https://help.instagram.com/
whatsapp|tech|-|WhatsApp|WhatsApp|@WhatsApp||https://faq.whatsapp.com/
apple-pay|payment|-|Apple Pay|Apple Pay;Apple Cash|@Apple_Pay||https://support.apple.com/apple-pay
google-pay|payment|-|Google Pay|Google Pay;GPay;Google Wallet|@Google_Pay||https://pay.google.com/
att|telecom|-|AT&T|AT&T;AT&T Wireless|@AT&T|+18002882020|https://www.att.com/support/contact-us/
verizon|telecom|-|Verizon|Verizon;Verizon Wireless;Verizon Fios|@Verizon|+18009220204|https://www.verizon.com/support/contact-us/
t-mobile|telecom|-|T-Mobile|T-Mobile;TMobile|@T-Mobile|+18009378997|https://www.t-mobile.com/contact-us
xfinity|telecom|-|Comcast Xfinity|Xfinity;Comcast;Comcast Xfinity|@Comcast_Xfinity|+18009346489|https://www.xfinity.com/support/contact-us
spectrum|telecom|-|Spectrum (Charter Communications)|=Spectrum;Charter Spectrum;Charter Communications;Spectrum Internet;Spectrum Mobile|@Spectrum||https://www.spectrum.com/contact-us
cox|telecom|-|Cox Communications|Cox Communications;=Cox|@Cox||https://www.cox.com/
optimum|telecom|-|Optimum|=Optimum;Optimum Online|@Optimum||https://www.optimum.com/
frontier|telecom|-|Frontier Communications|Frontier Communications;=Frontier|@Frontier||https://frontier.com/
centurylink|telecom|-|CenturyLink|CenturyLink;Century Link|@CenturyLink||https://www.centurylink.com/
amazon|retail|-|Amazon|Amazon;Amazon Prime;Amazon.com;Amazon Logistics;Amazon Support;Amazon Customer Service|@Amazon|+18882804331|https://www.amazon.com/gp/help/customer/contact-us
walmart|retail|-|Walmart|Walmart;Wal-Mart|@Walmart|+18009256278|https://www.walmart.com/help
target|retail|-|Target|=Target;Target Circle;Target RedCard|@Target|+18004400680|https://www.target.com/help
costco|retail|-|Costco|Costco|@Costco|+18007742678|https://customerservice.costco.com/
best-buy|retail|-|Best Buy|=Best Buy;BestBuy|@Best_Buy|+18882378289|https://www.bestbuy.com/site/help-topics/contact-us/pcmcat124300050007.c
geek-squad|tech|-|Geek Squad (Best Buy)|Geek Squad;GeekSquad|@Best_Buy|+18004335778|https://www.bestbuy.com/site/geek-squad/geek-squad-services/pcmcat138100050018.c
home-depot|retail|-|The Home Depot|Home Depot|@Home_Depot|+18004663337|https://www.homedepot.com/c/customer_service
lowes|retail|-|Lowe's|Lowe's|@Lowe's|+18004456937|https://www.lowes.com/l/about/contact-us
ebay|retail|-|eBay|eBay|@eBay||https://www.ebay.com/help/home
temu|retail|-|Temu|Temu|@Temu||https://www.temu.com/
shein|retail|-|Shein|Shein|@Shein||https://us.shein.com/
etsy|retail|-|Etsy|Etsy|@Etsy||https://help.etsy.com/
aliexpress|retail|-|AliExpress|AliExpress|@AliExpress||https://www.aliexpress.com/
netflix|streaming|-|Netflix|Netflix|@Netflix|+18665797172|https://help.netflix.com/en/contactus
disney-plus|streaming|-|Disney+|Disney+;Disney Plus|@Disney+||https://help.disneyplus.com/
hulu|streaming|-|Hulu|Hulu|@Hulu||https://help.hulu.com/
max|streaming|-|HBO Max|HBO Max;HBO|@HBO_Max||https://help.max.com/
spotify|streaming|-|Spotify|Spotify|@Spotify||https://support.spotify.com/
prime-video|streaming|-|Prime Video|Prime Video;Amazon Prime Video|@Prime_Video||https://www.primevideo.com/
paramount-plus|streaming|-|Paramount+|Paramount+;Paramount Plus|@Paramount+||https://help.paramountplus.com/
roku|streaming|-|Roku|Roku|@Roku||https://support.roku.com/
peacock|streaming|-|Peacock|Peacock TV;=Peacock|peacocktv.com||https://www.peacocktv.com/help
delta|travel|-|Delta Air Lines|Delta Air Lines;Delta Airlines;=Delta|@Delta|+18002211212|https://www.delta.com/us/en/need-help/overview
american-airlines|travel|-|American Airlines|American Airlines;AAdvantage|@American_Airlines|+18004337300|https://www.aa.com/contact/forms
united-airlines|travel|-|United Airlines|United Airlines|@United_Airlines|+18008648331|https://www.united.com/en/us/fly/contact.html
southwest|travel|-|Southwest Airlines|Southwest Airlines;=Southwest|@Southwest|+18004359792|https://www.southwest.com/help
airbnb|travel|-|Airbnb|Airbnb|@Airbnb||https://www.airbnb.com/help
booking|travel|-|Booking.com|Booking.com|@Booking.com||https://www.booking.com/customerservice.html
expedia|travel|-|Expedia|Expedia|@Expedia||https://www.expedia.com/service/
uber|travel|-|Uber|Uber;Uber Eats|@Uber||https://help.uber.com/
lyft|travel|-|Lyft|Lyft|@Lyft||https://help.lyft.com/
`;

// Every state's (and DC's) motor-vehicle agency: code | state | agency name | extra aliases (";") | domains | phones | source.
// "<State> DMV", "<State> State DMV", "DMV of/de <State>", "<State> Department of Motor Vehicles" and "<CODE> DMV" (in
// capitals, so Spanish "la DMV" is not Louisiana) are generated for every row.
const DMV_TABLE = `
AL|Alabama|Alabama Law Enforcement Agency Driver License Division|ALEA;Alabama Driver License;Alabama Motor Vehicle Division|alea.gov revenue.alabama.gov||https://www.alea.gov/dps/driver-license
AK|Alaska|Alaska Division of Motor Vehicles|Alaska DMV|dmv.alaska.gov||https://dmv.alaska.gov/
AZ|Arizona|Arizona Department of Transportation Motor Vehicle Division|ADOT MVD;Arizona MVD;AZ MVD;AZ MVD Now;ADOT|azdot.gov azmvdnow.gov||https://azdot.gov/mvd
AR|Arkansas|Arkansas Office of Motor Vehicle|Arkansas OMV;Arkansas Office of Motor Vehicle;Arkansas DFA|dfa.arkansas.gov||https://www.dfa.arkansas.gov/office/motor-vehicle/
CA|California|California Department of Motor Vehicles|CA DMV|dmv.ca.gov|+18007770133|https://www.dmv.ca.gov/portal/customer-service/
CO|Colorado|Colorado Division of Motor Vehicles|Colorado DMV;myDMV Colorado|dmv.colorado.gov mydmv.colorado.gov||https://dmv.colorado.gov/
CT|Connecticut|Connecticut Department of Motor Vehicles|CT DMV|portal.ct.gov||https://portal.ct.gov/dmv
DE|Delaware|Delaware Division of Motor Vehicles|Delaware DMV|dmv.de.gov||https://dmv.de.gov/
DC|District of Columbia|District of Columbia Department of Motor Vehicles|DC DMV;Washington DC DMV;DDOT DMV|dmv.dc.gov||https://dmv.dc.gov/
FL|Florida|Florida Department of Highway Safety and Motor Vehicles|FLHSMV;Florida HSMV;Florida Highway Safety and Motor Vehicles;Florida Department of Highway Safety and Motor Vehicles|flhsmv.gov||https://www.flhsmv.gov/
GA|Georgia|Georgia Department of Driver Services|Georgia DDS;Department of Driver Services;Georgia Department of Driver Services;Georgia Motor Vehicle Division|dds.georgia.gov dor.georgia.gov||https://dds.georgia.gov/
HI|Hawaii|Hawaii Motor Vehicle Safety Office and county DMVs|Hawaii Motor Vehicle Safety Office;Honolulu DMV|hidot.hawaii.gov www.honolulu.gov||https://hidot.hawaii.gov/highways/
ID|Idaho|Idaho Transportation Department DMV|Idaho ITD;ITD DMV;Idaho Transportation Department|itd.idaho.gov||https://itd.idaho.gov/itddmv/
IL|Illinois|Illinois Secretary of State|Illinois Secretary of State;Illinois SOS;Illinois Driver Services|ilsos.gov||https://www.ilsos.gov/
IN|Indiana|Indiana Bureau of Motor Vehicles|Indiana BMV;Indiana Bureau of Motor Vehicles;myBMV|www.in.gov||https://www.in.gov/bmv/
IA|Iowa|Iowa Department of Transportation Motor Vehicle Division|Iowa DOT;Iowa MVD|iowadot.gov||https://iowadot.gov/mvd
KS|Kansas|Kansas Division of Vehicles|Kansas Division of Vehicles;Kansas DOR|ksrevenue.gov||https://www.ksrevenue.gov/dovindex.html
KY|Kentucky|Kentucky Transportation Cabinet Driver Licensing|Kentucky Transportation Cabinet;Drive.ky.gov|drive.ky.gov||https://drive.ky.gov/
LA|Louisiana|Louisiana Office of Motor Vehicles|Louisiana OMV;Louisiana Office of Motor Vehicles|expresslane.org omv.la.gov||https://www.expresslane.org/
ME|Maine|Maine Bureau of Motor Vehicles|Maine BMV;Maine Bureau of Motor Vehicles|www.maine.gov||https://www.maine.gov/sos/bmv/
MD|Maryland|Maryland Motor Vehicle Administration|Maryland MVA;MD MVA;Maryland Motor Vehicle Administration|mva.maryland.gov||https://mva.maryland.gov/
MA|Massachusetts|Massachusetts Registry of Motor Vehicles|RMV;Massachusetts RMV;Mass RMV;MassDOT RMV;Registry of Motor Vehicles;myRMV|www.mass.gov||https://www.mass.gov/orgs/massachusetts-registry-of-motor-vehicles
MI|Michigan|Michigan Secretary of State|Michigan Secretary of State;Michigan SOS|www.michigan.gov||https://www.michigan.gov/sos
MN|Minnesota|Minnesota Driver and Vehicle Services|Minnesota DVS;Driver and Vehicle Services;MN DVS|dps.mn.gov drive.mn.gov||https://dps.mn.gov/divisions/dvs/
MS|Mississippi|Mississippi Department of Public Safety Driver Service Bureau|Mississippi Driver Service Bureau;Driver Service Bureau|driverservicebureau.dps.ms.gov dor.ms.gov||https://www.driverservicebureau.dps.ms.gov/
MO|Missouri|Missouri Department of Revenue Motor Vehicle and Driver Licensing|Missouri DOR;Missouri Department of Revenue;Missouri License Office|dor.mo.gov||https://dor.mo.gov/
MT|Montana|Montana Motor Vehicle Division|Montana MVD;MT MVD|dojmt.gov||https://dojmt.gov/driving/
NE|Nebraska|Nebraska Department of Motor Vehicles|Nebraska DMV|dmv.nebraska.gov||https://dmv.nebraska.gov/
NV|Nevada|Nevada Department of Motor Vehicles|Nevada DMV;NV DMV|dmv.nv.gov||https://dmv.nv.gov/
NH|New Hampshire|New Hampshire Division of Motor Vehicles|NH DMV|dmv.nh.gov||https://www.dmv.nh.gov/
NJ|New Jersey|New Jersey Motor Vehicle Commission|NJ MVC;NJMVC;New Jersey MVC;New Jersey Motor Vehicle Commission;Motor Vehicle Commission|www.nj.gov||https://www.nj.gov/mvc/
NM|New Mexico|New Mexico Motor Vehicle Division|New Mexico MVD;NM MVD|mvd.newmexico.gov||https://www.mvd.newmexico.gov/
NY|New York|New York State Department of Motor Vehicles|NY DMV;NYS DMV;New York State Department of Motor Vehicles|dmv.ny.gov||https://dmv.ny.gov/
NC|North Carolina|North Carolina Division of Motor Vehicles|NCDMV;NC DMV;NCDOT|ncdot.gov||https://www.ncdot.gov/dmv/
ND|North Dakota|North Dakota Department of Transportation Driver and Vehicle Services|North Dakota DOT;NDDOT|dot.nd.gov||https://www.dot.nd.gov/
OH|Ohio|Ohio Bureau of Motor Vehicles|Ohio BMV;OH BMV;Ohio Bureau of Motor Vehicles|bmv.ohio.gov||https://www.bmv.ohio.gov/
OK|Oklahoma|Service Oklahoma|Service Oklahoma;Oklahoma Tag Agency|oklahoma.gov||https://oklahoma.gov/service.html
OR|Oregon|Oregon DMV (ODOT Driver and Motor Vehicle Services)|ODOT DMV;Oregon Driver and Motor Vehicle Services|www.oregon.gov||https://www.oregon.gov/odot/dmv/
PA|Pennsylvania|PennDOT Driver and Vehicle Services|PennDOT;PennDOT DMV;PennDOT Driver and Vehicle Services|dmv.pa.gov penndot.pa.gov||https://www.dmv.pa.gov/
RI|Rhode Island|Rhode Island Division of Motor Vehicles|RI DMV|dmv.ri.gov||https://dmv.ri.gov/
SC|South Carolina|South Carolina Department of Motor Vehicles|SCDMV;SC DMV|scdmvonline.com||https://www.scdmvonline.com/
SD|South Dakota|South Dakota Driver Licensing and Motor Vehicles|South Dakota Driver Licensing;South Dakota Motor Vehicles|dps.sd.gov dor.sd.gov||https://dps.sd.gov/driver-licensing
TN|Tennessee|Tennessee Driver Services|Tennessee Driver Services;Tennessee Department of Safety|www.tn.gov||https://www.tn.gov/safety/driver-services.html
TX|Texas|Texas Department of Motor Vehicles and Texas DPS Driver License Division|TxDMV;Texas DPS;Texas Department of Public Safety;Texas Driver License Division|txdmv.gov dps.texas.gov|+18883684689|https://www.txdmv.gov/contact-us
UT|Utah|Utah Division of Motor Vehicles|Utah DMV;Utah Driver License Division|dmv.utah.gov dld.utah.gov||https://dmv.utah.gov/
VT|Vermont|Vermont Department of Motor Vehicles|Vermont DMV|dmv.vermont.gov||https://dmv.vermont.gov/
VA|Virginia|Virginia Department of Motor Vehicles|Virginia DMV|dmv.virginia.gov||https://www.dmv.virginia.gov/
WA|Washington|Washington State Department of Licensing|Washington DOL;WA DOL;Washington State Department of Licensing;Department of Licensing|dol.wa.gov||https://dol.wa.gov/
WV|West Virginia|West Virginia Division of Motor Vehicles|WV DMV;WVDMV|transportation.wv.gov||https://transportation.wv.gov/DMV/
WI|Wisconsin|Wisconsin Department of Transportation DMV|WisDOT;Wisconsin DOT;WisDOT DMV|wisconsindot.gov||https://wisconsindot.gov/
WY|Wyoming|Wyoming Department of Transportation Driver Services|WYDOT;Wyoming DOT|dot.state.wy.us||https://www.dot.state.wy.us/
`;

const GENERIC_DMV = {
  id: "dmv",
  name: "State motor vehicle agency (DMV)",
  aliases: [
    "DMV",
    "Department of Motor Vehicles",
    "Division of Motor Vehicles",
    "Motor Vehicle Department",
    "Departamento de Vehiculos Motorizados",
  ],
  source: "https://www.usa.gov/motor-vehicle-services",
} as const;

function fail(line: string, why: string): never {
  throw new Error(`Malformed organisation line (${why}): ${line}`);
}

const brandDomains = new Map(BRANDS.map((b) => [b.name, b.officialDomains]));

/** Splits listed sites into registrable domains and the hosts that sit below a shared one. */
function toChannels(line: string, listed: readonly string[]): { domains: string[]; hosts: string[] } {
  const domains: string[] = [];
  const hosts: string[] = [];
  const sites = listed.flatMap((entry) => {
    if (!entry.startsWith("@")) return [entry];
    const fromBrand = brandDomains.get(entry.slice(1).replaceAll("_", " "));
    return fromBrand ?? fail(line, `unknown brand ${entry}`);
  });
  for (const site of sites) {
    const registrable = getDomain(site);
    if (registrable === null) fail(line, `no registrable domain in ${site}`);
    if (!domains.includes(registrable)) domains.push(registrable);
    if (registrable !== site && !hosts.includes(site)) hosts.push(site);
  }
  // A host of a domain the organisation also lists whole adds nothing (brands.ts lists tv.apple.com beside apple.com).
  const wholly = new Set(sites.filter((s) => getDomain(s) === s));
  return { domains, hosts: hosts.filter((h) => !wholly.has(getDomain(h) ?? "")) };
}

/** Sorts aliases written with the table's markers into the organisation's three alias lists. */
function toAliases(written: readonly string[]): Pick<Organisation, "aliases" | "cuedAliases" | "capitalAliases"> {
  const unique = [...new Set(written)];
  const plain = unique.filter((a) => !a.startsWith("=") && !a.startsWith("^"));
  // A name also listed plain ("CA DMV" beside the generated "^CA DMV") already counts everywhere.
  const marked = (marker: string): string[] =>
    unique.filter((a) => a.startsWith(marker) && !plain.includes(a.slice(1))).map((a) => a.slice(1));
  const cued = marked("=");
  const capital = marked("^");
  return {
    aliases: plain,
    ...(cued.length > 0 ? { cuedAliases: cued } : {}),
    ...(capital.length > 0 ? { capitalAliases: capital } : {}),
  };
}

function split(value: string, separator: string): string[] {
  return value
    .split(separator)
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

function build(
  line: string,
  fields: Omit<Organisation, "officialDomains" | "officialHosts">,
  listed: readonly string[],
): Organisation {
  const { domains, hosts } = toChannels(line, listed);
  if (domains.length === 0) fail(line, "no domain");
  return { ...fields, officialDomains: domains, ...(hosts.length > 0 ? { officialHosts: hosts } : {}) };
}

function parseTable(table: string): Organisation[] {
  const organisations: Organisation[] = [];
  for (const raw of table.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const [id, category, region, name, aliases, domains, phones, source, extra] = line.split("|");
    if (id === undefined || name === undefined || aliases === undefined || domains === undefined) fail(line, "columns");
    if (phones === undefined || source === undefined || region === undefined || extra !== undefined) {
      fail(line, "columns");
    }
    if (!(ORGANISATION_CATEGORIES as readonly string[]).includes(category ?? "")) fail(line, "category");
    organisations.push(
      build(
        line,
        {
          id,
          name,
          category: category as OrganisationCategory,
          ...toAliases(split(aliases, ";")),
          officialPhones: split(phones, " "),
          ...(region === "-" ? {} : { region }),
          source,
        },
        split(domains, " "),
      ),
    );
  }
  return organisations;
}

function parseDmvTable(table: string): { organisations: Organisation[]; sites: string[] } {
  const organisations: Organisation[] = [];
  const sites: string[] = [];
  for (const raw of table.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const [code, state, name, aliases, domains, phones, source, extra] = line.split("|");
    if (code === undefined || state === undefined || name === undefined || aliases === undefined) fail(line, "columns");
    if (domains === undefined || phones === undefined || source === undefined || extra !== undefined) {
      fail(line, "columns");
    }
    const generated = [
      `${state} DMV`,
      `${state} State DMV`,
      `DMV of ${state}`,
      `DMV de ${state}`,
      `${state} Department of Motor Vehicles`,
      `^${code} DMV`,
      name,
    ];
    organisations.push(
      build(
        line,
        {
          id: `dmv-${code.toLowerCase()}`,
          name,
          category: "state_dmv",
          ...toAliases([...generated, ...split(aliases, ";")]),
          officialPhones: split(phones, " "),
          region: code,
          source,
        },
        split(domains, " "),
      ),
    );
    sites.push(...split(domains, " "));
  }
  return { organisations, sites };
}

const STATE_DMVS = parseDmvTable(DMV_TABLE);

// The generic "DMV" stands for whichever state the reader lives in, so every state agency's channels are its own.
const genericDmv = build(
  "dmv",
  {
    id: GENERIC_DMV.id,
    name: GENERIC_DMV.name,
    category: "state_dmv",
    aliases: [...GENERIC_DMV.aliases],
    officialPhones: STATE_DMVS.organisations.flatMap((o) => o.officialPhones),
    source: GENERIC_DMV.source,
  },
  STATE_DMVS.sites,
);

/**
 * The built-in directory data. State and member bodies come before the umbrella entries that share their channels
 * (the generic DMV, E-ZPass, FasTrak), so lookups by domain or number name the specific body.
 */
export const ORGANISATIONS: readonly Organisation[] = [...parseTable(TABLE), ...STATE_DMVS.organisations, genericDmv];
