import { describe, expect, it } from "vitest";
import { expectFires, expectNoScamCues, languageOf, ruleIds, type CueCase } from "./cue-languages.js";

const SCAMS: readonly CueCase[] = [
  {
    rule: "parcel",
    fires: [
      "Correios: sua encomenda está retida aguardando pagamento da taxa de importação.",
      "CTT: A sua encomenda não pôde ser entregue, morada incompleta.",
    ],
  },
  {
    rule: "fee_payment",
    fires: ["Pague a taxa de reenvio de 1,99€ para receber o objeto.", "Taxas alfandegárias pendentes: R$ 39,90."],
  },
  {
    rule: "account_locked",
    fires: [
      "Sua conta foi bloqueada por segurança.",
      "Seu CPF está irregular e pode ser cancelado.",
      "Bloqueamos temporariamente o seu cartão.",
    ],
  },
  { rule: "account_alert", fires: ["Identificamos uma compra suspeita no seu cartão."] },
  { rule: "verify_action", fires: ["Atualize o seu cadastro.", "Regularize sua situação junto à Receita."] },
  { rule: "personal_info_request", fires: ["Confirme seus dados bancários para receber a restituição."] },
  { rule: "password_request", fires: ["Informe sua senha e o código de acesso ao atendente."] },
  { rule: "link_action", fires: ["Clique aqui para desbloquear: https://desbloqueio.example"] },
  {
    rule: "refund",
    fires: ["Você tem direito a uma restituição do imposto de renda.", "Valores a receber disponíveis no seu CPF."],
  },
  {
    rule: "government",
    fires: ["Receita Federal informa: declaração retida.", "Detran: infração de trânsito registrada."],
  },
  { rule: "toll", fires: ["Pedágio em aberto na sua placa.", "Portagens em atraso: Via Verde."] },
  {
    rule: "threat",
    fires: [
      "Seu nome será negativado no SPC.",
      "Pague hoje para evitar o bloqueio.",
      "Sua linha será suspensa amanhã.",
    ],
  },
  { rule: "legal_threat", fires: ["Será aberto um processo judicial contra você.", "Mandado de prisão expedido."] },
  { rule: "urgency", fires: ["URGENTE: último aviso.", "Regularize imediatamente."] },
  { rule: "prize", fires: ["Parabéns! Você ganhou um prêmio.", "Você foi sorteado no nosso sorteio."] },
  {
    rule: "code_request",
    fires: ["Oi, te mandei um código por engano, me passa o código que chegou aí.", "Me envia o código do WhatsApp."],
  },
  { rule: "new_number", fires: ["Oi mãe, mudei de número.", "Olá pai, este é o meu novo número."] },
  { rule: "family_address", fires: ["Oi mãe, tudo bem?", "Olá pai, sou eu."] },
  {
    rule: "family_trouble",
    fires: ["Estou com um problema e preciso de ajuda.", "Preciso pagar uma conta urgente."],
  },
  {
    rule: "money_request",
    fires: ["Pode me fazer um Pix? Te devolvo amanhã.", "Podes transferir-me 300€ hoje?"],
  },
  { rule: "wire_transfer", fires: ["Faça um Pix para a chave abaixo.", "Envie para esta chave Pix."] },
  { rule: "overpayment", fires: ["Fiz um Pix por engano para você, pode devolver o valor?"] },
  { rule: "gift_card", fires: ["Compre dois cartões-presente Google Play e envie os códigos."] },
  { rule: "job_offer", fires: ["Trabalho em casa com horário flexível."] },
  { rule: "high_pay", fires: ["Ganhe R$ 300 por dia."] },
  { rule: "task_scam", fires: ["Tarefas simples: curtir vídeos e avaliar produtos."] },
  { rule: "platform_move", fires: ["Chame no meu WhatsApp."] },
];

const LEGITIMATE = [
  "Seu código de verificação é 482913. Não compartilhe com ninguém.",
  "O código de acesso é 731204. Nunca o partilhe. O banco nunca pede este código.",
  "Sua encomenda foi entregue hoje às 14h10.",
  "Compra aprovada: R$ 45,00 no cartão final 1234 em MERCADO BOM.",
  "Lembrete: sua consulta com Dr. Silva é amanhã às 10h. Para remarcar, responda esta mensagem.",
  "Nunca pedimos sua senha, token ou dados do cartão por SMS ou telefone.",
  "Você pode me enviar o endereço da festa?",
];

describe("Portuguese cues", () => {
  it("reads the Brazilian and Portuguese scam stories, pressure and asks", () => {
    expectFires(SCAMS);
  });

  it("reads codes, deliveries, bank alerts, reminders and warnings as no scam", () => {
    expectNoScamCues(LEGITIMATE);
    expect(ruleIds(LEGITIMATE[0] ?? "")).toContain("code_delivery");
  });

  it("reads a prohibition or a warning as what not to do", () => {
    expect(ruleIds("Não envie o código para ninguém.")).not.toContain("code_request");
    expect(ruleIds("Nunca pedimos que faça um Pix para outra conta.")).not.toContain("wire_transfer");
  });

  it("reports the language as Portuguese", () => {
    expect(languageOf("O código de acesso é 731204. Nunca o partilhe.")).toBe("pt");
    expect(languageOf("Sua encomenda está retida aguardando pagamento da taxa.")).toBe("pt");
  });
});
