// Mailbox providers where anyone can open an address in minutes. A company's or a bank's name over one of these
// addresses is a costume; a person's name over one is ordinary.

const FREE_MAIL = `
gmail.com googlemail.com yahoo.com yahoo.co.uk yahoo.fr yahoo.de yahoo.it yahoo.es yahoo.ca yahoo.co.in yahoo.co.jp
yahoo.com.br yahoo.com.au ymail.com rocketmail.com outlook.com outlook.fr outlook.de hotmail.com hotmail.co.uk
hotmail.fr hotmail.de hotmail.it hotmail.es live.com live.co.uk live.fr msn.com aol.com aim.com icloud.com me.com mac.com
proton.me protonmail.com protonmail.ch pm.me gmx.com gmx.net gmx.de gmx.at gmx.ch mail.com email.com usa.com
yandex.com yandex.ru ya.ru mail.ru bk.ru inbox.ru list.ru rambler.ru zoho.com zohomail.com tutanota.com tuta.io
qq.com 163.com 126.com yeah.net sina.com sohu.com naver.com daum.net hanmail.net web.de t-online.de freenet.de
libero.it virgilio.it tiscali.it laposte.net orange.fr free.fr sfr.fr wanadoo.fr btinternet.com sky.com
comcast.net att.net sbcglobal.net verizon.net bellsouth.net charter.net cox.net earthlink.net juno.com netzero.net
rediffmail.com hushmail.com fastmail.com fastmail.fm mailinator.com guerrillamail.com sharklasers.com
10minutemail.com temp-mail.org yopmail.com disroot.org cock.li onet.pl wp.pl interia.pl seznam.cz rogers.com
shaw.ca bigpond.com optusnet.com.au xtra.co.nz
`;

/** Registrable domains of free and disposable mailbox providers. */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set(FREE_MAIL.split(/\s+/).filter((d) => d !== ""));
