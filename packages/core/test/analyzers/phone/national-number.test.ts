import { describe, expect, it } from "vitest";
import { countryHints, readSenderNumber } from "../../../src/analyzers/phone/country-hints.js";
import { readNationalNumber, readWrittenNumber } from "../../../src/analyzers/phone/national-number.js";
import { describePhone, readPhoneNumber } from "../../../src/analyzers/phone/read-phone-number.js";

describe("readPhoneNumber", () => {
  it.each([
    ["+447912345678", "GB", "mobile"],
    ["+448081570192", "GB", "toll_free"],
    ["+449098790000", "GB", "premium_rate"],
    ["+442079460958", "GB", "fixed_line"],
    ["+919876543210", "IN", "mobile"],
    ["+611300123456", "AU", "shared_cost"],
    ["+611900123456", "AU", "premium_rate"],
    ["+33899123456", "FR", "premium_rate"],
    ["+34803123456", "ES", "premium_rate"],
    ["+39899123456", "IT", "premium_rate"],
    ["+319001234567", "NL", "premium_rate"],
    ["+16045550199", "CA", "fixed_line_or_mobile"],
    ["+19005551234", "US", "premium_rate"],
    ["+80012345678", null, "toll_free"],
  ])("%s is in %s, %s", (e164, country, lineType) => {
    const r = readPhoneNumber(e164);
    expect(r).toMatchObject({ e164, country, lineType });
  });

  it("reads no invalid number, and names a number's kind and country for people", () => {
    expect(readPhoneNumber("+4477009001")).toBeNull();
    expect(readPhoneNumber("+33712345678")).toBeNull();
    const r = readPhoneNumber("+449098790000");
    expect(r === null ? "" : describePhone(r)).toBe("a premium-rate number in the United Kingdom (+44 909 879 0000)");
  });
});

describe("readWrittenNumber: a number written without its country code", () => {
  it.each([
    // United Kingdom: mobiles, freephone, premium rate, geographic, with the trunk 0.
    ["07912 345678", "+447912345678", "GB"],
    ["07912 345 678", "+447912345678", "GB"],
    ["07912345678", "+447912345678", "GB"],
    ["0800 123 4567", "+448001234567", "GB"],
    ["0808 157 0192", "+448081570192", "GB"],
    ["0906 123 4567", "+449061234567", "GB"],
    ["020 7946 0958", "+442079460958", "GB"],
    ["0121 496 0000", "+441214960000", "GB"],
    // India: ten-digit mobiles from 6 to 9, with or without the 0; the NANP has no area code 987.
    ["98765 43210", "+919876543210", "IN"],
    ["9876543210", "+919876543210", "IN"],
    ["098765 43210", "+919876543210", "IN"],
    // Australia, France, Germany, Spain, the Netherlands.
    ["0412 345 678", "+61412345678", "AU"],
    ["1300 123 456", "+611300123456", "AU"],
    ["1800 123 456", "+611800123456", "AU"],
    ["06 12 34 56 78", "+33612345678", "FR"],
    ["07 81 23 45 67", "+33781234567", "FR"],
    ["08 99 12 34 56", "+33899123456", "FR"],
    ["030 12345678", "+493012345678", "DE"],
    ["0151 23456789", "+4915123456789", "DE"],
    ["612 345 678", "+34612345678", "ES"],
    ["91 123 45 67", "+34911234567", "ES"],
    ["06 12345678", "+31612345678", "NL"],
    // The NANP as before: Canada by its area code.
    ["(415) 766-2093", "+14157662093", "US"],
    ["1-604-681-2345", "+16046812345", "CA"],
  ])("%s -> %s (%s)", (written, e164, country) => {
    const r = readWrittenNumber(written);
    expect(r?.reading.e164).toBe(e164);
    expect(r?.reading.country).toBe(country);
  });

  it("never invents +1 for a number the NANP does not have", () => {
    // 987 is no North American area code, and no +1 number starts with 0.
    expect(readNationalNumber("9876543210", "US")).toBeNull();
    expect(readNationalNumber("07912 345678", "US")).toBeNull();
    expect(readWrittenNumber("9876543210")?.reading.callingCode).toBe("91");
  });

  it("lets a hint decide between countries where the number is valid in both", () => {
    expect(readWrittenNumber("8123456789")?.reading.e164).toBe("+18123456789");
    expect(readWrittenNumber("8123456789", ["IN"])?.reading.e164).toBe("+918123456789");
    expect(readWrittenNumber("312 345 6789", ["IT"])?.reading.e164).toBe("+393123456789");
    expect(readWrittenNumber("020 7946 0958", ["IN"])?.reading.e164).toBe("+912079460958");
  });

  it("reads a number only as its country writes it at home", () => {
    // Germany, France and the Netherlands dial a trunk 0: without it the digits are not their national format.
    expect(readNationalNumber("612345678", "FR")).toBeNull();
    expect(readNationalNumber("3012345678", "DE")).toBeNull();
    // A plain run without a trunk prefix needs a hint unless the country writes numbers that way (India).
    expect(readNationalNumber("612345678", "ES")).toBeNull();
    expect(readNationalNumber("612345678", "ES", { hinted: true })?.reading.e164).toBe("+34612345678");
    // Groupings no one dials: account, card and postal codes.
    expect(readWrittenNumber("9497 3064 40")).toBeNull();
    expect(readWrittenNumber("94105-1234")).toBeNull();
    expect(readWrittenNumber("41 5766 2093")).toBeNull();
    // A bare run without a trunk prefix is read abroad only as a mobile of a country that writes mobiles so.
    expect(readWrittenNumber("4421887712")).toBeNull();
    // Grouped as a North American number, digits the NANP lacks are no other country's without a hint.
    expect(readWrittenNumber("555-212-3300")).toBeNull();
    expect(readWrittenNumber("020 123 4567")?.reading.country).toBe("NL");
  });
});

describe("countryHints", () => {
  it("puts the sender's country first, then codes written in the message, currency and language", () => {
    expect(countryHints({ text: "Win £500", senderNumber: "+919812345678", writtenCountries: ["FR"] })).toEqual([
      "IN",
      "FR",
      "GB",
    ]);
    expect(countryHints({ text: "Ha ganado un premio, llame para reclamar su premio con el codigo" })).toEqual(["ES"]);
    expect(countryHints({ text: "Please call the number for your parcel and the fee" })).toEqual([]);
    expect(countryHints({ text: "Rufen Sie uns bitte an, Ihr Paket ist nicht zugestellt und die Gebühr" })).toEqual([
      "DE",
    ]);
  });

  it("reads the sender in E.164 or as international digits, and nothing from a national number, code or name", () => {
    expect(readSenderNumber("+447912345678")?.country).toBe("GB");
    expect(readSenderNumber("447912345678")?.country).toBe("GB");
    expect(readSenderNumber("00447912345678")?.country).toBe("GB");
    // Written nationally, a sender could be any of several countries': it places nothing.
    expect(readSenderNumber("07912 345678")).toBeNull();
    expect(readSenderNumber("(415) 766-2093")).toBeNull();
    expect(readSenderNumber("72975")).toBeNull();
    expect(readSenderNumber("HMRC")).toBeNull();
    expect(readSenderNumber("alerts@example.com")).toBeNull();
  });
});
