import { describe, expect, it } from "vitest";
import { expectFires, expectNoScamCues, languageOf, ruleIds, type CueCase } from "./cue-languages.js";

const SCAMS: readonly CueCase[] = [
  {
    rule: "prize",
    fires: [
      "Selamat! Nomor anda terpilih sebagai pemenang undian tahunan, PIN pemenang: K7X21.",
      "SLMT no anda m-dptkan hadiah cek tunai Rp 100 juta.",
    ],
  },
  {
    rule: "link_action",
    fires: ["Info hadiah klik http://hadiah-undian.example", "Cek PIN anda di http://pemenang.example"],
  },
  {
    rule: "loan_offer",
    fires: [
      "Kami menawarkan pinjaman dana tunai tanpa jaminan, proses cepat.",
      "Butuh modal? Gadai BPKB mobil, bunga ringan.",
    ],
  },
  { rule: "platform_move", fires: ["Minat chat WA kami sekarang."] },
  {
    rule: "money_request",
    fires: ["Mama minta tolong belikan pulsa 50 ribu ya.", "Tolong isikan dulu pulsa ke nomor ini."],
  },
  { rule: "new_number", fires: ["Ini nomor baru mama, yang lama hilang."] },
  {
    rule: "wire_transfer",
    fires: ["Uangnya dikirim saja ke rekening BCA a.n Sinta.", "Transfer ke rek Mandiri saya sekarang."],
  },
  { rule: "bank_details_change", fires: ["Ini no rekeningnya BRI a.n Dewi."] },
  {
    rule: "account_locked",
    fires: ["Rekening anda telah diblokir sementara.", "Rekening tabungan anda error harus di monitor ulang."],
  },
  { rule: "verify_action", fires: ["Segera perbarui data anda agar tetap aktif."] },
  { rule: "code_request", fires: ["Maaf kode OTP salah kirim ke nomor kamu, tolong kirimkan kode OTP itu ke saya."] },
  { rule: "premium_billing", fires: ["Layanan aktif, tarif Rp2rb/sms, 3 sms seminggu."] },
  { rule: "call_request", fires: ["Untuk info hadiah hubungi 081234567890."] },
];

const LEGITIMATE = [
  "JANGAN berikan kode OTP kepada siapapun. Kode OTP anda 482913.",
  "Kode verifikasi anda adalah 731204. Jangan bagikan kode ini kepada siapapun, termasuk petugas bank.",
  "Bank tidak pernah meminta PIN atau kode OTP melalui telepon atau SMS.",
  "Besok siang ya jam 2, aku tunggu di kampus.",
  "Selamat pagi pak, untuk data tabel yang dibutuhkan sudah saya email.",
  "Paket internet 2GB sudah aktif hingga 27-10. Terima kasih.",
  "Ibunya lagi tidur, nanti aku tanya soal daging ya.",
];

describe("Indonesian cues", () => {
  it("reads the prize, loan, family, transfer and account stories and their asks", () => {
    expectFires(SCAMS);
  });

  it("reads codes, operator notices and everyday messages as no scam", () => {
    expectNoScamCues(LEGITIMATE);
    expect(ruleIds(LEGITIMATE[1] ?? "")).toContain("code_delivery");
  });

  it("reads a prohibition or a warning as what not to do", () => {
    expect(ruleIds("Jangan kirimkan kode OTP kepada siapapun.")).not.toContain("code_request");
    expect(ruleIds("Jangan transfer ke rekening yang tidak dikenal.")).not.toContain("wire_transfer");
    expect(ruleIds("Hati-hati penipuan: jangan transfer ke rekening yang tidak dikenal.")).not.toContain(
      "wire_transfer",
    );
  });

  it("reports the language as Indonesian", () => {
    expect(languageOf("Kode verifikasi anda adalah 731204. Jangan bagikan kode ini kepada siapapun.")).toBe("id");
    expect(languageOf("Selamat nomor anda mendapatkan hadiah dari undian di kantor kami.")).toBe("id");
  });
});
