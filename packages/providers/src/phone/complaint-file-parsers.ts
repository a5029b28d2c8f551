// Readers of the two published complaint formats. FTC Do Not Call "reported calls" daily CSVs: Company_Phone_Number,
// Created_Date, Violation_Date, Consumer_City, Consumer_State, Consumer_Area_Code, Subject, Recorded_Message_Or_Robocall.
// FCC "Consumer Complaints Data - Unwanted Calls" (opendata.fcc.gov) CSV: Ticket ID, Ticket Created, Date of Issue,
// Time of Issue, Form, Method, Issue, Caller ID Number, Type of Call or Messge [sic], Advertiser Business Phone Number,
// City, State, Zip, Location; the Socrata API names (caller_id_number, issue_date, ...) are read too.
import type { ApplyMode, ComplaintSource } from "@scamverify/core";
import type { ComplaintAggregator } from "./complaint-aggregator.js";
import { dayOf, findColumn, nanpNumber } from "./csv-stream.js";

export interface ComplaintFileParser {
  readonly source: ComplaintSource;
  readonly mode: ApplyMode;
  /** Reads the header row; returns why the file cannot be read, or null. */
  header(fields: readonly string[]): string | null;
  /** Adds one data row; false when the row carries no usable number and date. */
  row(fields: readonly string[], into: ComplaintAggregator): boolean;
}

const ROBOCALL_TYPE = /prerecord|pre-record|artificial|autodial|robo/i;

/** FTC daily files are the day's new reports, so they add to what is stored. */
export function createFtcDncParser(): ComplaintFileParser {
  let phone = -1;
  let violation = -1;
  let created = -1;
  let subject = -1;
  let robocall = -1;
  return {
    source: "ftc",
    mode: "append",
    header(h) {
      phone = findColumn(h, "Company_Phone_Number");
      violation = findColumn(h, "Violation_Date");
      created = findColumn(h, "Created_Date");
      subject = findColumn(h, "Subject");
      robocall = findColumn(h, "Recorded_Message_Or_Robocall");
      if (phone < 0) return "not an FTC Do Not Call reported calls file: no Company_Phone_Number column";
      if (violation < 0 && created < 0) return "FTC file has neither Violation_Date nor Created_Date";
      return null;
    },
    row(f, into) {
      const number = nanpNumber(f[phone]);
      if (number < 0) return false;
      let day = violation >= 0 ? dayOf(f[violation]) : Number.NaN;
      if (Number.isNaN(day) && created >= 0) day = dayOf(f[created]);
      if (Number.isNaN(day)) return false;
      const flag = robocall >= 0 ? (f[robocall] ?? "").trim().toUpperCase() : "";
      const subj = subject >= 0 ? (f[subject] ?? "").trim() : "";
      into.add(number, day, flag === "Y" || flag === "YES" || flag === "TRUE", subj.length > 0 ? subj : null);
      return true;
    },
  };
}

/** The FCC export is the whole complaint history each time, so a newer file replaces the previous FCC rows. */
export function createFccComplaintsParser(): ComplaintFileParser {
  let caller = -1;
  let advertiser = -1;
  let issueDate = -1;
  let ticketCreated = -1;
  let issue = -1;
  let callType = -1;
  return {
    source: "fcc",
    mode: "replace",
    header(h) {
      caller = findColumn(h, "Caller ID Number", "caller_id_number");
      advertiser = findColumn(h, "Advertiser Business Phone Number", "advertiser_business_phone_number");
      issueDate = findColumn(h, "Date of Issue", "issue_date", "date_of_issue");
      ticketCreated = findColumn(h, "Ticket Created", "ticket_created");
      issue = findColumn(h, "Issue", "issue");
      callType = findColumn(
        h,
        "Type of Call or Messge",
        "Type of Call or Message",
        "type_of_call_or_messge",
        "type_of_call_or_message",
      );
      if (caller < 0 && advertiser < 0) {
        return "not an FCC unwanted-calls complaints file: no Caller ID Number column";
      }
      if (issueDate < 0 && ticketCreated < 0) return "FCC file has neither Date of Issue nor Ticket Created";
      return null;
    },
    row(f, into) {
      let day = issueDate >= 0 ? dayOf(f[issueDate]) : Number.NaN;
      if (Number.isNaN(day) && ticketCreated >= 0) day = dayOf(f[ticketCreated]);
      if (Number.isNaN(day)) return false;
      const subj = issue >= 0 ? (f[issue] ?? "").trim() : "";
      const type = callType >= 0 ? (f[callType] ?? "") : "";
      const robocall = ROBOCALL_TYPE.test(type) || /robocall/i.test(subj);
      const a = caller >= 0 ? nanpNumber(f[caller]) : -1;
      // The number the caller asked to be called back on is as much the scam's number as the caller ID.
      const b = advertiser >= 0 ? nanpNumber(f[advertiser]) : -1;
      if (a >= 0) into.add(a, day, robocall, subj || null);
      if (b >= 0 && b !== a) into.add(b, day, robocall, subj || null);
      return a >= 0 || b >= 0;
    },
  };
}
