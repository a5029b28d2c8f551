// Indonesian phrases of the message cues, in the spelling texts use and in the short forms they abbreviate it to
// ("dapatkan", "dptkan", "m-dptkan"; "rekening", "rek"; "dengan", "dgn"). "<url>", "<phone>" and "<email>" stand for
// extracted links, numbers and addresses. The stories are the ones Indonesian texts tell: "mama minta pulsa" and the
// new number of a relative, a prize of a draw with its PIN or winner's code ("selamat, nomor anda mendapatkan hadiah"),
// the money "transfer ke rek ini" of a rent or a sale, cash loans without collateral, an account blocked or in error
// and the data update by link, a paid subscription billed per SMS. Indonesian writes no accents.

import type { CueTable } from "./cue-table.js";
import { spelledTable } from "./cue-spelling.js";

/** "You", written out or cut short ("anda", "and a", "kamu", "km"). */
const YOU = "(?:anda|and a|kamu|km)";
/** "To get" and "to win", in full and in the abbreviations prize texts use ("mdptkan", "m-dptkan", "men-dptkan"). */
const GET =
  "(?:mendapatkan|mendapat|mendpt|mendptkan|mendapt|mndptkan|mndpt|mdptkan|mdptkn|mdpt|mdpat|mdapatkan|mdpatkan|m-dptkan|m-dpt|m-dapatkan|men-dptkan|men-dpt|m dptkan|m dpatkan|m dapatkan|dptkan|dptkn|meraih|memperoleh|menang)";
/** A bank account, in full or abbreviated ("rek", "norek", "no. rekening"). */
const ACCOUNT = "(?:rekening|rek|norek|no\\.? ?rek|no\\.? ?rekening|nomor rekening|nomer rekening)";
/** The codes of a sign-in or a payment. */
const CODE = "(?:kode (?:otp|verifikasi|aktivasi|rahasia|sms|keamanan)|otp|kode token)";
/** Relatives whose name a text borrows. */
const KIN = "(?:mama|mamah|mah|mami|papa|papah|pah|papi|ibu|bapak|ayah|bunda|mamak)";
/** Who warnings warn about ("penipu sering mengatasnamakan ..."). */
const SCAMMERS =
  "(?:penipu|penipuan|modus penipuan|oknum|pihak tidak bertanggung jawab|pihak yang tidak bertanggung jawab)";

export const CUES_ID: CueTable = spelledTable({
  language: "id",
  markers: [
    "anda",
    "yang",
    "yg",
    "dan",
    "untuk",
    "utk",
    "dengan",
    "dgn",
    "ini",
    "itu",
    "kami",
    "dari",
    "ke",
    "tidak",
    "tdk",
    "sudah",
    "sdh",
    "bisa",
    "akan",
    "saya",
    "kamu",
    "aku",
    "ada",
    "mau",
    "juga",
    "atau",
    "hari",
    // A word Italian shares: counted for both, so the distinctive ones decide.
    "di",
  ],
  negations: ["jangan", "jgn", "tidak", "tdk", "bukan", "belum", "gak", "nggak", "enggak", "tak"],
  denials: ["tidak (?:akan )?(?:dikenakan|dikenai|ditagih|dipotong)", "(?:dibebaskan|dihapuskan|dibatalkan)"],
  absent: ["tanpa", "bebas", "tidak ada"],
  deniedBefore: ["(?:kami )?tidak (?:akan )?(?:mengenakan|menagih|memotong)"],
  noAsks: [
    "tidak (?:perlu|usah|harus) (?:membayar|bayar|melakukan apa-apa|melakukan apapun)",
    "(?:untuk berhenti|utk berhenti|stop berlangganan)(?: berlangganan)?,? (?:ketik|sms|balas)",
  ],
  warnings: [
    // "Kami tidak pernah meminta", "BCA tidak pernah meminta PIN", "tidak akan pernah menghubungi".
    "(?:tidak|tdk|tak) (?:akan )?pernah (?:meminta|minta|menanyakan|menghubungi|mengirim|mengirimkan|memberikan|meminta anda)",
    "(?:hati-hati|hati2|hati hati|waspada|waspadai|waspadalah|awas|berhati-hati)(?: terhadap| dengan| akan| atas)?(?: segala| setiap)? (?:penipuan|penipu|modus|oknum|pesan palsu|sms palsu|link palsu)",
    `${SCAMMERS}(?: [a-z]+){0,3} (?:sering|biasanya|mengatasnamakan|mengaku|berpura-pura|meminta|menghubungi)`,
  ],
  prohibitions: [
    "(?:jangan|jgn|dilarang) (?:pernah |sekali-kali |sekali2 )?(?:berikan|memberikan|beri|beritahukan|memberitahukan|beritahu|bagikan|membagikan|kasih|kasihkan|kirim|kirimkan|mengirim|mengirimkan|sebutkan|menyebutkan|informasikan|menginformasikan|sebarkan|klik|transfer|mentransfer|bayar|membayar|tanggapi|menanggapi|layani|melayani|balas|membalas|percaya|mudah percaya)",
  ],
  turns: ["tetapi", "tapi", "namun", "silakan", "silahkan", "mohon", "segera"],
  deadlines: [
    "hari ini juga",
    "(?:dalam|maksimal|max|maks|paling lambat) \\d+ ?(?:x ?24 )?(?:jam|menit)",
    "(?:paling lambat|batas waktu|sebelum) (?:tanggal|tgl|jam|pukul) ?\\d",
    "batas waktu",
  ],
  cues: {
    urgency: ["secepatnya", "sesegera mungkin", "mendesak", "darurat", "(?:kesempatan|peringatan) terakhir"],
    threat: [
      "(?:akan|segera|bisa|dapat) (?:di ?blokir|dinonaktifkan|di ?nonaktifkan|ditutup|dibekukan|hangus|dihanguskan|ditangguhkan)(?: secara)?(?: permanen| otomatis)?",
      "(?:diblokir|ditutup|dinonaktifkan) (?:secara )?permanen",
      "denda (?:keterlambatan|sebesar|rp)",
    ],
    legal_threat: [
      "kantor polisi",
      "(?:dilaporkan|laporkan) (?:ke )?(?:polisi|pihak berwajib)",
      "(?:proses|jalur|tuntutan) hukum",
      "surat (?:panggilan|penangkapan)",
      "pengadilan",
    ],
    wire_transfer: [
      `(?:transfer|transferkan|trf|tf|kirim|kirimkan|kirim aja|bayar|bayarkan|setor|setorkan)(?: uangnya| uang nya| dananya| aja| saja| dulu| langsung)? (?:ke|di|lewat|melalui)(?: no\\.?| nomor| nomer)? ${ACCOUNT}`,
      `(?:uangnya|uang nya|duitnya|dananya|pembayarannya|pembayaran nya)(?: tolong| bisa| langsung)? (?:di ?kirim|di ?transfer|di ?tf|di ?setor)(?:kan)?`,
    ],
    code_request: [
      `(?:kirim|kirimkan|kirimin|sebutkan|berikan|kasih|kasihkan|bacakan|infokan|beritahu|beritahukan|bagikan|fotokan|teruskan)(?: ke saya| ke aku| ke sini| saya| aku| dong)?(?:[^.!?]{0,30} )?${CODE}`,
      `${CODE}[^.!?]{0,30}(?:salah kirim|terkirim ke nomor ${YOU}|masuk ke nomor ${YOU}|ke nomor ${YOU})`,
    ],
    password_request: [
      "(?:kirim|kirimkan|berikan|sebutkan|masukkan|konfirmasi|kasih)[^.!?]{0,25}(?:pin atm|pin m-banking|pin mbanking|mpin|password|kata sandi|pin kartu)",
    ],
    personal_info_request: [
      "(?:kirim|kirimkan|berikan|sebutkan|lengkapi|masukkan|isi|konfirmasi|kasih)[^.!?]{0,30}(?:ktp|nik|kartu keluarga|data (?:pribadi|diri)|tanggal lahir|nama ibu kandung|cvv|nomor kartu|no kartu|nomor rekening|no rekening)",
    ],
    verify_action: [
      `(?:perbarui|perbaharui|pembaruan|pembaharuan|verifikasi|validasi|konfirmasi|aktifkan kembali|aktivasi ulang|registrasi ulang|daftar ulang|lengkapi)(?: ulang)? (?:data|akun|rekening|identitas|kartu)(?: ${YOU})?`,
    ],
    fee_payment: [
      "(?:biaya|ongkos) (?:administrasi|admin|pengiriman|pajak|pencairan|asuransi|materai|proses|bea cukai)",
      "pajak (?:hadiah|undian|pemenang)",
    ],
    deposit_to_unlock: [
      "(?:transfer|bayar|kirim|deposit|setor)[^.!?]{0,40}(?:untuk|utk|agar) (?:mencairkan|pencairan|membuka blokir|mengambil hadiah|klaim hadiah)",
    ],
    call_request: [
      "(?:hub|hubungi|hbgi|telp|tlp|telpon|telepon|hub/sms|sms/wa|konfirmasi ke|info hub|u/info hub)(?: ke| kami| dulu| segera| cs| call center)?[^.!?<]{0,30}<phone>",
    ],
    link_action: [
      // "Klik" and "kunjungi" before a link are every shop's and operator's promotion: read after a prize's "info".
      "(?:verifikasi|perbarui|perbaharui|klaim|ajukan)[^.!?<]{0,40}<url>",
      "(?:u|utk|untuk|u/)? ?info(?: hadiah| pemenang| pin| layanan| lebih lanjut| lengkap)?[ :]*(?:silahkan |silakan )?(?:klik|klick|kunjungi|cek|lihat|buka)(?: di| pin anda| hadiah anda)?[ :]*<url>",
      `(?:cek|lihat) (?:pin|hadiah|kode|id) ${YOU}[^.!?<]{0,40}<url>`,
    ],
    money_request: [
      `${KIN} (?:minta|mnta|mau minta|butuh) (?:tolong |tlg )?(?:di ?belikan|di ?beliin|di ?isikan|belikan|beliin|isikan|isiin|kirimin|kirimkan|kirim|transfer|tf)?(?: dulu)? ?(?:pulsa|uang|dana|duit)`,
      `(?:tolong |tlg )?(?:belikan|beliin|isikan|isiin|kirimin|kirimkan)(?: dulu)?(?: ${KIN}| saya| aku)? pulsa`,
      "(?:pinjam|pinjem) (?:uang|duit|dana)(?: mu| kamu| anda| dulu)",
    ],
    secrecy: [
      "jangan (?:bilang|kasih tahu|kasih tau|cerita) (?:ke |sama |pada )?(?:siapa-siapa|siapapun|siapa pun|papa|mama)",
    ],
    prize: [
      `(?:pin|kode|kode id|id|no\\.? ?pin|nomor pin) (?:pemenang|undian|hadiah)`,
      `(?:terpilih|t'?pilih|trpilih|tpilih) (?:sebagai |sbg |sbgai |menjadi |utk |untuk )?(?:bersaing )?(?:pemenang|${GET})`,
      `${GET} (?:hadiah|cek tunai|uang tunai|mobil|bantuan)`,
      "(?:pengundian|cek tunai|gebyar undian|undian resmi|pemenang (?:undian|hadiah|ke ?\\d|resmi|jutawan|giveaway|promo|kejutan))",
      "(?:bagi|berbagi) (?:rejeki|rezeki)",
      "tanpa diundi",
      "hadiah (?:ke ?\\d|cek|uang|mobil|rp\\.? ?\\d|senilai|sebesar|resmi)",
    ],
    job_offer: [
      "(?:lowongan|loker) (?:kerja|pekerjaan)",
      "kerja (?:sampingan|paruh waktu|part time|online|dari rumah)",
      "(?:dicari|butuh|membutuhkan) (?:karyawan|pekerja|tenaga kerja|admin online)",
      "penghasilan tambahan",
    ],
    high_pay: [
      "(?:penghasilan|gaji|komisi|pendapatan|profit|keuntungan)[^.!?]{0,30}(?:per ?hari|perhari|/ ?hari|sehari)",
      "\\d+ ?(?:jt|jta|juta|rb|ribu) ?(?:per ?hari|perhari|/ ?hari|sehari)",
    ],
    task_scam: ["(?:like|follow|subscribe) dan (?:follow|subscribe|share)[^.!?]{0,30}(?:dibayar|komisi|bayaran)"],
    loan_offer: [
      "(?:menawarkan|mnwarkan|mnwrkan|menawarkn|menyediakan|melayani|memberikan) (?:pinjaman|pnjaman|pinjmn|pinjaman dana|dana pinjaman|dana|modal|kredit)",
      "(?:pinjaman|pnjaman|pinjmn|pnjman) (?:dana|uang|modal|online|tunai|berbasis|bunga|cepat|tanpa)",
      "(?:dana|uang) (?:pinjaman|tunai) (?:cepat|hingga|sampai|mulai|tanpa)",
      "tanpa (?:jaminan|agunan|aggunan|anggunan|survei|survey|survei lokasi|bi checking|bi cek|cek bi)",
      "(?:tidak|no) bi (?:checking|cek)",
      "(?:gadai|jaminkan|agunkan|gadaikan) bpkb",
      "bunga (?:ringan|rendah)",
      "butuh (?:dana|modal|pinjaman|tambahan dana)",
      "modal usaha",
    ],
    investment: ["investasi", "reksa dana (?:online|untung)"],
    return_promise: [
      "(?:keuntungan|profit|untung)[^.!?]{0,20}(?:dijamin|pasti|setiap hari|tiap hari)",
      "dijamin (?:untung|menang|cair|berhasil|ampuh)",
    ],
    platform_move: [
      "(?:chat|cht|hub|hubungi|kontak|konsultasi|minat|daftar|info|via)(?: via| ke| di| lewat| kami)? (?:wa|whatsapp|whatsap|watsap|telegram)",
      "(?:wa|whatsapp) (?:kami|kantor|admin|cs|marketing)",
    ],
    new_number: [
      `(?:ini )?(?:no|nomor|nomer|hp)(?: hp)? (?:baru|barunya) (?:${KIN}|saya|aku)`,
      `(?:no|nomor|nomer) (?:${KIN}|saya|aku) (?:yang |yg )?baru`,
      `(?:ini )?(?:nomor|no|nomer) (?:baru|barunya)(?: ${KIN})?`,
      "(?:ganti|pakai|pake|pinjam) (?:nomor|no|nomer|hp) (?:baru|teman|orang)",
      "(?:hp|hpnya) (?:orang|teman)",
    ],
    family_trouble: [
      "(?:kena|lagi kena|sedang kena|dapat) musibah",
      "(?:kecelakaan|ditangkap|ditahan|ditilang) (?:polisi|di jalan)",
    ],
    government: [
      "bpjs pusat",
      "(?:bantuan|dana) (?:bpjs|kemensos)",
      "kemensos",
      "bansos",
      "kementerian",
      "ojk",
      "bank indonesia",
    ],
    account_alert: [
      "(?:transaksi|aktivitas|login|akses) (?:mencurigakan|tidak dikenal|asing|tidak sah)",
      "perangkat (?:baru|lain|tidak dikenal)",
    ],
    account_locked: [
      `(?:${ACCOUNT}|akun|kartu atm|atm|kartu kredit|m-banking|mbanking|simcard|kartu sim|nomor ${YOU}|no ${YOU})[^.!?]{0,30}(?:telah |sudah |sedang |akan )?(?:di ?blokir|terblokir|dibekukan|di ?nonaktifkan|dinonaktifkan|ditangguhkan|error|eror|bermasalah)`,
    ],
    account_problem: [
      "(?:harus|perlu|wajib) di ?monitor ulang",
      "data (?:anda |kamu )?(?:belum|tidak) (?:lengkap|valid|sesuai|terdaftar)",
    ],
    bank_details_change: ["(?:ini|berikut) (?:no\\.? |nmor |nomor |nomer )?(?:rek|rekening|norek)(?: ?nya)?(?: baru)?"],
    code_given: [
      `${CODE}(?: ${YOU})?(?: untuk [a-z0-9-]+(?: [a-z0-9-]+)?)?(?: adalah|:)? ?[:#]? ?\\d{4,8}`,
      `\\d{4,8} (?:adalah|merupakan) ${CODE}`,
    ],
    share_warning: [
      "(?:jangan|jgn) (?:pernah )?(?:berikan|bagikan|beritahukan|beritahu|kasih|kasihkan|sebarkan|informasikan|memberikan|memberitahukan|sebutkan)",
      "(?:rahasiakan|bersifat rahasia)",
    ],
    opt_out: ["(?:ketik|balas) (?:unreg|stop|off)", "unreg"],
    premium_billing: [
      // A price per week is also how operators sell data packages: only a price per message, or per week with
      // messages a week, is a subscription billed through the phone.
      "(?:rp\\.? ?\\d[\\d.,]*(?:rb|ribu)?|\\d[\\d.,]*(?:rb|ribu)) ?/ ?sms",
      "rp\\.? ?\\d[\\d.,]*(?:rb|ribu)? \\d ?x ?(?:mgu|mgg|mg|seminggu)",
    ],
  },
});
