// The 50 KB multipart message of the email benchmarks: a shop's order confirmation with its receiving server's
// headers, a plain-text part, an HTML part with 91 links and a PDF attachment.

export function message(): string {
  const paragraph =
    "Thank you for your order. Your items are being prepared for shipment and you will receive another email with tracking details. ";
  const text = Array.from({ length: 150 }, (_, i) => `${i}. ${paragraph}`).join("\n");
  const links = Array.from(
    { length: 90 },
    (_, i) => `<p>${paragraph}<a href="https://click.shop.example.com/t/${i}?u=abc">View item ${i}</a></p>`,
  ).join("\n");
  const html = `<!DOCTYPE html><html><head><style>p{margin:0}</style></head><body>${links}<a href="https://click.shop.example.com/u">www.shop-example.com</a></body></html>`;
  const attachment = Buffer.from(`%PDF-1.4\n${"0123456789abcdef".repeat(700)}`).toString("base64");
  const lines = [
    "Delivered-To: jordan.lee@gmail.com",
    "Received: by 2002:a05:6a10:8e0c::1 with SMTP id hk12csp1; Tue, 5 Nov 2024 06:00:09 -0800",
    "Authentication-Results: mx.google.com;",
    "       dkim=pass header.i=@shop-example.com header.s=s1 header.b=AbCd;",
    "       spf=pass (google.com: domain of bounce@shop-example.com designates 203.0.113.9 as permitted sender) smtp.mailfrom=bounce@shop-example.com;",
    "       dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=shop-example.com",
    "Received: from mail.shop-example.com (mail.shop-example.com. [203.0.113.9]) by mx.google.com with ESMTPS id x1si; Tue, 5 Nov 2024 06:00:08 -0800",
    "Received: from app-7.internal (10.0.4.7) by mail.shop-example.com with ESMTP id 9F; Tue, 5 Nov 2024 14:00:07 +0000",
    "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=shop-example.com; s=s1; h=from:to:subject:date:message-id; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=dGVzdHNpZ25hdHVyZQ==",
    "Return-Path: <bounce@shop-example.com>",
    'From: "Shop Example" <orders@shop-example.com>',
    "To: jordan.lee@gmail.com",
    "Reply-To: help@shop-example.com",
    "Subject: Your order #1042 is confirmed",
    "Date: Tue, 5 Nov 2024 14:00:00 +0000",
    "Message-ID: <order-1042@shop-example.com>",
    "List-Unsubscribe: <https://shop-example.com/u?x=1>",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="mixed"',
    "",
    "--mixed",
    'Content-Type: multipart/alternative; boundary="alt"',
    "",
    "--alt",
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    "--alt",
    "Content-Type: text/html; charset=utf-8",
    "",
    html,
    "--alt--",
    "--mixed",
    'Content-Type: application/pdf; name="receipt.pdf"',
    'Content-Disposition: attachment; filename="receipt.pdf"',
    "Content-Transfer-Encoding: base64",
    "",
    attachment.replace(/.{1,76}/g, "$&\r\n").trimEnd(),
    "--mixed--",
    "",
  ];
  return lines.join("\r\n");
}
