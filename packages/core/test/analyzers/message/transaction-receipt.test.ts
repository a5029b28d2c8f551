import { describe, expect, it } from "vitest";
import { scanMessage } from "../../../src/analyzers/message/extract-entities.js";
import { isTransactionReceipt, namesOwnAccount } from "../../../src/analyzers/message/transaction-receipt.js";

const prepared = (text: string): string => scanMessage(text, {}).prepared;

describe("transaction receipts in the forms banks write them", () => {
  it.each([
    // Nigerian alert layouts: masked in the middle or after stars, the ledger side, "Bal:=N".
    "Acct: 01**89 Amt: NGN5,000.00 DR Desc: POS PURCHASE Avail Bal: NGN12,345.67",
    "Credit Alert! Acct: 012****789 Amt: NGN5,000.00 CR Desc: TRANSFER Avail Bal: NGN12,345.67",
    "Acct: ******1736Amt: NGN5,000.00 DrDesc: CASH WDL FROM OUR ATMAvail Bal: NGN6,688.51",
    "Your Acct 3041207489 Has Been Debited With N20,000.00 On 17-Oct-12 By ATM WITHDRAWAL. Bal:=N2,081.57 CR",
    "AlertZAcct:123**456DT:3/12/2014:10:11 AM Int Web Prch Amt:120.50Br:Sango OtaBal:12,345.67REF:123456789",
    // Indian and other English forms.
    "Rs.450.00 debited from A/c 10XXXXX234 on 12-01-22. Avl Bal Rs.2,340.00",
    "$45.00 purchase at SHELL on acct ...1234. Available balance $1,234.56",
    // Stamped to the minute with no "on", a debit written as the ledger side before its amount, a payment rail's
    // reference, a balance in a currency named by its code.
    "INR 259.90 spent at CAFE on Credit Card x1234 21-03-2026 05:49:40 PM. Not you? Call 18001234567",
    "UPI debit:Rs.599.00, A/c X7477 at SPICE KITCHEN. Bal:Rs.12,345.89",
    "Your account 20xxxxx1234 has been debited for INR 6440 towards IMPS/500200000290.",
    "Dear customer, TZS 150,000.00 has been withdrawn using card 4232***1234. Balance is TZS 2,237.77",
    "Your a/c *6100 was credited with $500.00. Available balance $1,734.56",
    // Vietnamese: "TK" (account), "GD" (transaction), "So du"/"SD" (balance).
    "TK ViettelPay 9704...1278 GD -50,000 VND luc 2023-11-21 17:44:25 So du 3,372 VND",
    "SD TK 1033311702 -10,000VND luc 26-12-2022 09:00:44. SD 290,000VND. Ref Ecom.EW22122646218725",
    // Thai: an account or card by its last digits, money out or in, the balance left.
    "05/06/22 10:11 บชX123456X เงินออก1500.00 คงเหลือ2345.67บ",
    "เงินออก: ถอน/โอนเงิน 50.00 บาท จากบัญชีออมทรัพย์ X-1234 วันที่ 01/02/2022 ยอดเงินที่ใช้ได้ 500.00 บาท",
    "มีรายการใช้บัตร SCB-1234 @SHOP 1,500.00 THB วันที่ 01/02 วงเงินคงเหลือใช้ได้ 20,000 บ.",
    // French, German, Portuguese and Italian alerts: the card by its last digits, the payment, the balance.
    "Paiement de 45,00 EUR par carte se terminant par 1234 chez CARREFOUR. Solde disponible : 1 234,56 EUR",
    "Umsatz -45,00 EUR mit Karte endend auf 1234 bei REWE. Kontostand 1.234,56 EUR",
    "Compra de R$ 45,00 no cartão final 1234 aprovada. Saldo disponível R$ 1.234,56",
    "Pagamento di 45,00 EUR con carta che termina con 1234 presso ESSELUNGA. Saldo disponibile 1.234,56 EUR",
  ])("reads a receipt of the reader's own account: %s", (text) => {
    expect(isTransactionReceipt(prepared(text))).toBe(true);
  });

  it.each([
    // A person giving an account to pay into names it in full or masked, with no balance or transaction of theirs.
    "Acct name Ade Tosin acct number 01XXXXXX47 first bank. Pls send the balance today",
    "Pls send the money to acct 0123456789 GTB, I will refund you tomorrow",
    // A balance with no account named: an operator's top-up, or a scam's promise.
    "You have been credited with NGN250,000.00. Avail Bal: NGN250,120.00. Call 08031234567 to claim",
    // An account named with no transaction and no balance.
    "Your account ending in 1234 needs to be verified. Click the link to continue",
    "Your account xx1234 will be suspended on 21-03-2026 10:00 unless you verify it today",
    "Votre carte se terminant par 1234 doit être vérifiée. Cliquez sur le lien",
    "The final 2024 results are in: a new high",
  ])("reads no receipt where no issuer reports on the reader's account: %s", (text) => {
    expect(isTransactionReceipt(prepared(text))).toBe(false);
  });

  it("names the account in the forms of several countries, and not a phone number or a price", () => {
    for (const own of [
      "a/c 10XXXXX234",
      "acct ...1234",
      "card ending in 1234",
      "the Visa 411111...1234",
      "บัตรKTC X-1234",
    ]) {
      expect(namesOwnAccount(prepared(own))).toBe(true);
    }
    for (const other of ["call 0803 123 4567", "NGN5,000.00", "only 12.99 today"]) {
      expect(namesOwnAccount(prepared(other))).toBe(false);
    }
  });
});
