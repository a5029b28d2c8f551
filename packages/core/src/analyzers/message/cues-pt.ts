// Portuguese phrases of the message cues, Brazilian and European usage ("você"/"tu", "celular"/"telemóvel",
// "pedágio"/"portagem"). Written with their accents and read with or without them (see cue-spelling.ts); "<url>",
// "<phone>" and "<email>" stand for extracted links, numbers and addresses. The stories are the ones Portuguese texts
// tell: a parcel held for a fee or import tax (Correios, CTT), a blocked account or card and the "atualize seus
// dados" link, Pix sent by mistake or a Pix to pay, a CPF made irregular and the Receita's refund, Finanças and IRS,
// fines and tolls (Detran, Via Verde), "Oi mãe, mudei de número", paid tasks and jobs.

import type { CueTable } from "./cue-table.js";
import { spelledTable } from "./cue-spelling.js";

/** The rest of a word after its stem ("atualizá-los", "bloqueada"). */
const W = "[a-zàâãçêôõ]*";
const DATE = "\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?";
const CODE = "(?:c[óo]digo|c[óo]digos|senha tempor[áa]ria|token|pin|otp)";
const YOUR = "(?:seu|sua|seus|suas|o seu|a sua|os seus|as suas|teu|tua|o teu|a tua)";
/** Who warnings warn about ("golpistas podem pedir ...", "mensagens falsas"). */
const SCAMMERS =
  "(?:golpistas?|golpes?|fraudadores?|burl[õo]es|burlas?|criminosos|(?:mensagens|sms|e-mails|liga[çc][õo]es|chamadas) (?:falsas|falsos|fraudulentas|fraudulentos|suspeitas))";
/** What a code is for when it is quoted or redeemed rather than entered at a sign-in. */
const REFERENCE =
  "(?:rastreio|rastreamento|promocional|de desconto|desconto|do pedido|de reserva|reserva|de cliente|de cup[ãa]o|de cupom|de resgate|do objeto|de barras)";

export const CUES_PT: CueTable = spelledTable({
  language: "pt",
  markers: [
    "voce",
    "seu",
    "sua",
    "seus",
    "suas",
    "da",
    "dos",
    "das",
    "uma",
    "com",
    "ao",
    "pelo",
    "pela",
    "foi",
    "os",
    "meu",
    "minha",
    "teu",
    "tua",
    "mae",
    "nao",
    "o",
    "esse",
    // Words Spanish shares: counted for both, so the distinctive ones decide.
    "de",
    "que",
    "para",
    "por",
  ],
  negations: ["n[ãa]o", "nunca", "jamais", "nenhum", "nenhuma", "ningu[ée]m", "nem"],
  denials: [
    "n[ãa]o (?:ser[áa]|ser[ãa]o) (?:cobrad[oa]s?|aplicad[oa]s?|exigid[oa]s?)",
    "(?:ser[áa]|ser[ãa]o|foi|foram) (?:anulad[oa]s?|cancelad[oa]s?|perdoad[oa]s?)",
  ],
  absent: ["sem", "nenhum", "nenhuma", "isento de", "isenta de"],
  deniedBefore: ["n[ãa]o (?:lhe |te )?(?:cobraremos|cobrar[áa]|aplicaremos|aplicar[áa])"],
  noAsks: [
    "(?:nenhum|nenhuma) (?:pagamento|a[çc][ãa]o) (?:[ée] )?(?:necess[áa]ri[oa]|exigid[oa])",
    "(?:n[ãa]o (?:[ée] necess[áa]rio|precisa) (?:pagar|fazer nada))",
    "(?:para (?:deixar de receber|cancelar o recebimento|sair da lista)|responda sair|envie sair)",
  ],
  warnings: [
    // "Nunca pedimos", "nunca solicitamos a sua senha", "o banco nunca liga", "não pedimos dados por SMS".
    "(?:nunca|jamais|n[ãa]o) (?:lhe |te |vos )?(?:pedimos|solicitamos|pediremos|solicitaremos|ligamos|enviamos|pede|pedem|solicita|solicitam|liga|ligam|envia|enviam|exige|exigem|vai pedir|vamos pedir)",
    "(?:nenhum|nenhuma) (?:funcion[áa]rio|colaborador|atendente|gerente|banco|empresa|institui[çc][ãa]o)(?: [a-z]+){0,4} (?:pede|pedir[áa]|solicita|solicitar[áa]|liga|ligar[áa]|entra em contato)",
    "(?:cuidado com|aten[çc][ãa]o (?:a|aos|[àa]s|com)|desconfie de|fique atento|fique atenta|esteja atento)",
    `${SCAMMERS}(?: [a-z]+){0,3} (?:podem|costumam|tentam|pedem|solicitam|se passam|fingem)`,
  ],
  prohibitions: [
    "(?:nunca|n[ãa]o|jamais) (?:o |a |os |as |lhe |te )?(?:compartilhe|compartilhem|partilhe|partilhem|informe|informem|forne[çc]a|revele|divulgue|envie|mande|passe|pague|transfira|fa[çc]a (?:pix|transfer[êe]ncias?|pagamentos?)|responda|clique|ligue|digite|entregue|diga)",
  ],
  turns: ["mas", "por[ée]m", "no entanto", "contudo", "por favor", "ent[ãa]o", "agora"],
  deadlines: [
    "hoje(?: mesmo)?",
    "(?:esta|nesta) noite",
    "amanh[ãa]",
    "(?:em at[ée]|dentro de|nas pr[óo]ximas) (?:\\d+ ?(?:horas|hrs|h|minutos)|(?:[1-9]|1[0-4]) ?dias)",
    `(?:at[ée]|antes de) (?:${DATE}|\\d{1,2} de [a-z]+|meia-noite|amanh[ãa]|hoje)`,
    "o mais tardar",
    `(?:vence|vencimento|prazo)(?: em| final| [ée]|:)? (?:${DATE}|hoje|amanh[ãa])`,
  ],
  cues: {
    urgency: [
      "urgente(?:mente)?",
      "imediata(?:mente)?",
      "o quanto antes",
      "o mais r[áa]pido poss[íi]vel",
      "(?:[úu]ltimo|[úu]ltima) (?:aviso|notifica[çc][ãa]o|chance|oportunidade|tentativa)",
      "(?:em at[ée]|dentro de|nas pr[óo]ximas) \\d+ ?(?:horas|hrs|h|minutos)",
      "n[ãa]o (?:deixe para depois|perca tempo)",
    ],
    threat: [
      "(?:ser[áa]|ser[ãa]o|pode ser|poder[áa] ser|vai ser|ficar[áa]) (?:suspens[oa]s?|cancelad[oa]s?|bloquead[oa]s?|encerrad[oa]s?|desativad[oa]s?|cortad[oa]s?|inativad[oa]s?|negativad[oa]s?)",
      "multas? (?:e juros|adicionais|por atraso)",
      "juros (?:e multa|de mora)",
      "para evitar (?:o |a |os |as |um |uma |sua |seu )?(?:bloqueio|suspens[ãa]o|cancelamento|multas?|juros|negativa[çc][ãa]o|corte|protesto|penhora)",
      "negativa[çc][ãa]o|nome (?:sujo|no spc|no serasa|negativado)|protesto em cart[óo]rio",
      "(?:suspens[ãa]o|bloqueio|cancelamento) (?:do|da|de sua|do seu|da sua) (?:conta|cpf|cart[ãa]o|linha|servi[çc]o|nif)",
    ],
    legal_threat: [
      "a[çc][ãa]o judicial",
      "processo (?:judicial|criminal)",
      "pol[íi]cia",
      "mandado de (?:pris[ãa]o|busca)",
      "(?:medidas|procedimentos) (?:judiciais|legais)",
      "penhora",
      "tribunal",
      "pris[ãa]o",
    ],
    gift_card: [
      `(?:pag${W}|compr${W}|envi${W}|mand${W})[^.!?]{0,40}(?:cart[õo]es?|vales?)(?:-| )(?:presente|google play|itunes|steam|amazon)`,
      "(?:cart[õo]es?|vales?)(?:-| )presente[^.!?]{0,40}(?:c[óo]digos?|foto|verso)",
    ],
    crypto_payment: [
      `(?:pag${W}|envi${W}|transfir${W}|transfer${W}|deposit${W})[^.!?]{0,40}(?:bitcoin|btc|usdt|cripto${W})`,
    ],
    wire_transfer: [
      "transfer[êe]ncia urgente",
      "western union",
      "moneygram",
      "(?:fa[çc]a|faz|fazer|envie|mande) (?:um |uma |o )?(?:pix|ted|doc|transfer[êe]ncia|mb way)",
      "(?:para|na|nesta|nessa) (?:(?:esta|essa|a|seguinte) )?chave pix",
    ],
    code_request: [
      `(?:me )?(?:passa|passe|manda|mande|envia|envie|reenvia|reenvie|repassa|repasse|diga|diz|fala|compartilha|compartilhe|partilha|partilhe)(?: pra mim| para mim|-me)?(?:[^.!?]{0,30} )?${CODE}`,
      `${CODE} que (?:te|lhe) (?:mandei|enviei) por (?:engano|erro)`,
      `(?:enviei|mandei)(?:[^.!?]{0,30} )?${CODE}[^.!?]{0,30}por (?:engano|erro)`,
    ],
    password_request: [
      `(?:envi${W}|inform${W}|confirm${W}|digit${W}|forne[çc]${W}|compartilh${W}|partilh${W})[^.!?]{0,25}(?:senha|dados de acesso|c[óo]digo de acesso|assinatura eletr[óo]nica)`,
    ],
    personal_info_request: [
      `(?:confirm${W}|verifi${W}|atualiz${W}|actualiz${W}|inform${W}|envi${W}|forne[çc]${W}|preench${W}|digit${W})(?: [^.!?]{0,30})? (?:cpf|nif|rg|data de nascimento|dados (?:pessoais|banc[áa]rios|do cart[ãa]o|cadastrais)|n[úu]mero do cart[ãa]o|iban|informa[çc][õo]es (?:pessoais|banc[áa]rias))`,
    ],
    verify_action: [
      `(?:verifi${W}|confirm${W}|atualiz${W}|actualiz${W}|valid${W}|desbloque${W}|reativ${W}|regulariz${W}|recadastr${W})[^.!?]{0,15}${YOUR} (?:conta|identidade|dados|cadastro|cart[ãa]o|endere[çc]o|morada|cpf|situa[çc][ãa]o|informa[çc][õo]es)`,
      "(?:acesse|aceda|entre) (?:na|[àa]|em) (?:sua|tua) conta[^.!?]{0,25}<url>",
    ],
    fee_payment: [
      "(?:taxa|tarifa|custo|pagamento) (?:de |da )?(?:importa[çc][ãa]o|alf[âa]ndega|alfandeg[áa]ria|desembara[çc]o|envio|reenvio|entrega|libera[çc][ãa]o|armazenamento|processamento|despacho|postagem)",
      "(?:pequena|baixa) taxa",
      "taxas? (?:alfandeg[áa]rias?|aduaneiras?|de importa[çc][ãa]o)",
    ],
    deposit_to_unlock: [
      `(?:deposit${W}|recarreg${W}|pag${W}|envi${W})[^.!?]{0,40}para (?:desbloquear|liberar|sacar|retirar|receber|ativar)`,
      "saldo negativo",
    ],
    call_request: [`(?:ligue|liga|telefone|contacte|entre em contato|fale conosco)[^.!?<]{0,40}<phone>`],
    link_action: [
      // "verifi", "confirm" and "valid" begin English words as well: written as Portuguese verbs only.
      `(?:clique|clica|toque|verifi(?:que|ca|car)[ :]|confirm(?:e|a|ar)[ :]|atualiz${W}|actualiz${W}|desbloque${W}|reativ${W}|valid(?:e|a|ar)[ :]|regulariz${W}|resgat${W}|pague|efetue|quite|reagend${W}|recadastr${W})[^.!?<]{0,40}<url>`,
    ],
    pay_demand: [
      "(?:pague|efetue o pagamento|realize o pagamento|quite|regularize) (?:agora|hoje|j[áa]|imediatamente|o|a|os|as|sua|seu|at[ée]|em|\\d|<url>)",
      "(?:pagamento|d[ée]bito|fatura|boleto|valor) (?:pendente|em aberto|em atraso|vencid[oa]|n[ãa]o pag[oa])",
      "(?:pague|pagar) (?:via|por|com) pix",
    ],
    money_request: [
      "(?:pode|podes|poderia|consegue|consegues) me (?:mandar|enviar|pagar) (?:um dinheiro|dinheiro|r\\$ ?\\d|\\d)",
      "(?:pode|podes|poderia|consegue|consegues) (?:me )?(?:emprestar|fazer um pix|transferir)",
      "(?:preciso|necessito) (?:de )?(?:dinheiro|de \\d|r\\$ ?\\d|que (?:voc[êe]|tu) (?:me )?(?:mande|envie|empreste|transfira|pague))",
      "(?:me (?:empresta|manda|envia|transfere)|faz um pix pra mim)",
      "(?:te|lhe) (?:devolvo|pago) (?:amanh[ãa]|depois|logo|semana que vem)",
    ],
    secrecy: [
      "n[ãa]o (?:conta|diga|contes) (?:para|a|pra) (?:ningu[ée]m|o pai|a m[ãa]e)",
      "(?:fica|fique) entre n[óo]s",
    ],
    prize: [
      "(?:voc[êe]|tu) (?:ganhou|ganhaste|foi (?:sorteado|selecionado|escolhido|contemplado)|foste (?:sorteado|selecionado))",
      "(?:foi|foste) (?:sorteado|sorteada|contemplado|contemplada)",
      "parab[ée]ns",
      "(?:pr[êe]mio|pr[ée]mio)",
      "sorteio",
      "(?:resgate|resgata|receba) (?:o |a |seu |sua |teu |tua )?(?:pr[êe]mio|pr[ée]mio|brinde|recompensa|b[ôo]nus)",
      "pontos (?:v[ãa]o|ir[ãa]o|est[ãa]o prestes a) (?:expirar|vencer)",
    ],
    refund: [
      "(?:reembolso|restitui[çc][ãa]o|estorno|devolu[çc][ãa]o de (?:imposto|valores|dinheiro))",
      "(?:voc[êe] tem|tem) direito a",
      "valores? (?:a receber|esquecidos?|dispon[íi]ve(?:l|is) para (?:saque|resgate))",
      "(?:para|pra) receber (?:o |seu |sua |o seu |o teu )?(?:dinheiro|pagamento|valor|reembolso)",
    ],
    overpayment: [
      "(?:pix|transfer[êe]ncia|dep[óo]sito|valor)[^.!?]{0,30}(?:por engano|por erro)",
      "(?:enviei|mandei|transferi|fiz um pix|paguei)[^.!?]{0,30}(?:por engano|a mais|por erro)",
      "(?:devolva|devolve|me devolve|pode devolver|podes devolver) (?:o valor|a diferen[çc]a|o pix|o dinheiro)",
    ],
    job_offer: [
      "(?:oferta|oportunidade|vaga|proposta) de (?:emprego|trabalho)",
      "estamos contratando|estamos a recrutar",
      "(?:trabalho|emprego|renda extra) (?:em casa|home office|remoto|online|a partir de casa|de meio per[íi]odo|em part-time)",
      "recrutador\\w*",
      "(?:seu|o seu|teu) (?:curr[íi]culo|perfil) (?:foi|est[áa]) (?:selecionado|aprovado|recomendado)",
    ],
    high_pay: [
      `(?:ganh${W}|sal[áa]rio|renda|rendimento) (?:de )?(?:at[ée] )?[^.!?]{0,15}(?:r\\$ ?\\d{2,5}|\\d{2,5} ?(?:€|euros?|reais)) (?:por|ao|/) ?(?:dia|semana|hora)`,
      "(?:r\\$ ?\\d{2,5}|\\d{2,5} ?(?:€|euros?|reais)) (?:por|ao|/) ?(?:dia|hora)",
      "(?:apenas|s[óo]) \\d+(?:-\\d+)? (?:minutos|horas?) por dia",
    ],
    loan_offer: [
      "(?:empr[ée]stimo|cr[ée]dito) (?:pr[ée]-?aprovado|aprovado|garantido|sem consulta)",
      "sem consulta (?:ao )?(?:spc|serasa)",
    ],
    task_scam: [
      "tarefas (?:simples|f[áa]ceis|online|di[áa]rias)",
      "(?:curtir|avaliar|seguir) (?:v[íi]deos|produtos|perfis|hot[ée]is|aplicativos)",
      "comiss(?:[ãa]o|[õo]es) (?:di[áa]rias?|por tarefa|de \\d|de r\\$)",
    ],
    investment: [
      "plataforma de (?:investimentos?|trading|cripto\\w*)",
      "investimentos?",
      "renda passiva",
      "(?:grupo|clube|canal) de (?:investimentos?|a[çc][õo]es|trading|cripto\\w*)",
    ],
    return_promise: [
      "(?:lucros?|rendimentos?|retornos?|ganhos?) (?:garantid[oa]s?|di[áa]ri[oa]s?|semanais|mensais)",
      "\\d+ ?% (?:ao dia|por dia|por semana|ao m[êe]s|de lucro|de rendimento)",
      "(?:dobre|duplique|triplique) (?:seu|o seu|teu) dinheiro",
      "sem risco",
    ],
    platform_move: ["(?:no|pelo|pelo meu|no meu) (?:whatsapp|zap|telegram)", "(?:meu|nosso) (?:whatsapp|zap|telegram)"],
    new_number: [
      "(?:este [ée]|esse [ée]|[ée]) (?:o )?meu (?:novo n[úu]mero|n[úu]mero novo)",
      "(?:mudei|troquei) (?:de )?(?:n[úu]mero|celular|telem[óo]vel|chip)",
      "(?:meu|o meu) (?:novo )?n[úu]mero (?:novo|mudou)",
      "n[úu]mero novo",
      "(?:meu|o meu) (?:celular|telem[óo]vel|telefone) (?:quebrou|caiu|foi roubado|estragou|avariou)",
      "(?:salva|salve|guarda|grava) (?:esse|este|o meu|meu) (?:novo )?n[úu]mero",
    ],
    family_address: [
      // Spelled out in full so that the prefilter finds a literal in each ("oi, m" of "oi, mãe").
      "(?:oi|ol[áa])[,!]? (?:m[ãa]e|mam[ãa]e|pai|papai|vov[óo]|av[óo])",
      "(?:bom dia|boa tarde|boa noite)[,!]? (?:m[ãa]e|mam[ãa]e|pai|papai)",
      "^(?:m[ãa]e|pai|mam[ãa]e|papai)[,!]? sou eu",
      "sou eu,? (?:seu|sua|teu|tua) (?:filho|filha|neto|neta)",
    ],
    family_trouble: [
      "(?:estou|t[ôo]|estamos) (?:com (?:um )?problema|em apuros|no hospital|pres[oa]|detid[oa]|sem acesso (?:ao|[àa]) (?:banco|conta|app))",
      "(?:sofri|tive|tivemos) um (?:acidente|problema)",
      "preciso (?:muito )?(?:da sua|da tua|de) ajuda (?:urgente|agora|com um pagamento)",
      "preciso pagar (?:uma|umas|um|duas) (?:conta|contas|boleto|boletos|fatura) (?:urgente|hoje)",
    ],
    wrong_number: [
      "(?:desculpe?|perd[ãa]o|foi mal),? (?:n[úu]mero errado|enganei-me no n[úu]mero|mandei para a pessoa errada)",
      "n[úu]mero errado",
      "(?:n[óo]s nos conhecemos|a gente se conhece)",
    ],
    befriend: [
      "(?:prazer|foi um prazer) (?:em )?(?:te |lhe )?conhecer",
      "de onde (?:voc[êe] [ée]|tu [ée]s|[ée]s)",
      "podemos ser amig[oa]s",
    ],
    romance: [
      "(?:meu|minha) (?:amor|querid[oa]|cora[çc][ãa]o)",
      "(?:soldado|militar|miss[ãa]o de paz|plataforma de petr[óo]leo)",
      "(?:te amo|estou apaixonad[oa])",
      "alma g[êe]mea",
    ],
    toll: [
      "(?:ped[áa]gio|portage(?:m|ns)) (?:pendente|em aberto|n[ãa]o pag[oa]|em atraso|em d[ée]bito)",
      "via verde|conectcar|veloe",
      "(?:passagem|passagens) (?:pendentes?|n[ãa]o pagas?) (?:no|em) (?:ped[áa]gio|portage(?:m|ns))",
    ],
    parcel: [
      "(?:encomenda|pacote|objeto|entrega|remessa)[^.!?]{0,40}(?:retid[oa]|pendente|aguardando (?:pagamento|libera[çc][ãa]o|confirma[çc][ãa]o)|n[ãa]o (?:pode|p[ôo]de|foi poss[íi]vel) ser entregue|devolvid[oa]|suspens[oa]|taxad[oa]|tributad[oa]|bloquead[oa]|em espera)",
      "n[ãa]o (?:foi poss[íi]vel|conseguimos) (?:efetuar |realizar |fazer )?(?:a )?entrega",
      "endere[çc]o (?:incompleto|incorreto|inv[áa]lido)|morada (?:incompleta|incorreta|inv[áa]lida)",
      "(?:taxa|tarifa|custo) (?:de )?(?:importa[çc][ãa]o|alf[âa]ndega|reenvio|reentrega|armazenamento|desembara[çc]o)",
      `(?:reagend${W}|atualiz${W}|confirm${W}) (?:a |sua |seu |o )?(?:entrega|endere[çc]o|morada)`,
    ],
    account_alert: [
      "atividade (?:incomum|suspeita|n[ãa]o autorizada|irregular)",
      "(?:acesso|login|transa[çc][ãa]o|compra|movimenta[çc][ãa]o|pix) (?:incomum|suspeit[oa]|n[ãa]o autorizad[oa]|n[ãa]o reconhecid[oa])",
      "alerta de (?:fraude|seguran[çc]a)",
      "(?:reconhece|autorizou|realizou|fez) (?:esta|essa|a) (?:compra|transa[çc][ãa]o|transfer[êe]ncia)",
      "novo dispositivo",
    ],
    account_locked: [
      "(?:conta|cart[ãa]o|acesso|cpf|token|chave|perfil|nif|cadastro)[^.!?]{0,30}(?:foi|est[áa]|ser[áa]|ficou|encontra-se|se encontra) (?:temporariamente |totalmente )?(?:bloquead[oa]|suspens[oa]|restrit[oa]|desativad[oa]|inativad[oa]|cancelad[oa]|irregular|limitad[oa]|congelad[oa])",
      "(?:bloqueamos|suspendemos|restringimos|desativamos) (?:temporariamente )?(?:a sua |o seu |sua |seu |a |o )?(?:conta|cart[ãa]o|acesso|cadastro)",
      "cpf (?:irregular|suspenso|cancelado|pendente de regulariza[çc][ãa]o|bloqueado)",
    ],
    account_problem: [
      "(?:m[ée]todo de pagamento|cart[ãa]o cadastrado|dados de cobran[çc]a)[^.!?]{0,15}(?:foi |est[áa] )?(?:recusad[oa]|expirad[oa]|inv[áa]lid[oa])",
      "(?:caixa de (?:entrada|correio)|armazenamento|icloud)[^.!?]{0,15}(?:est[áa] )?(?:chei[oa]|lotad[oa])",
      "(?:token|chave de seguran[çc]a|assinatura eletr[óo]nica|m[óo]dulo de seguran[çc]a)[^.!?]{0,30}(?:expir\\w*|venc\\w*|desatualizad\\w*|atualiz\\w*)",
      "(?:pend[êe]ncias?|irregularidades?) (?:no|em seu|no seu|do) (?:cpf|cadastro|nif)",
      "(?:por|devido a) (?:falta de pagamento|d[ée]bito pendente)",
    ],
    government: [
      "receita federal",
      "autoridade tribut[áa]ria|portal das finan[çc]as",
      "(?:imposto de renda|irs)",
      "detran",
      "gov\\.br",
      "(?:inss|seguran[çc]a social)",
      "(?:multa|infra[çc][ãa]o) de tr[âa]nsito",
      "(?:carteira|carta) de (?:motorista|condu[çc][ãa]o)|cnh",
    ],
    tech_support: [
      "v[íi]rus",
      "malware",
      "(?:hackead[oa]|invadid[oa]|infectad[oa])",
      "suporte t[ée]cnico",
      "acesso remoto",
      "anydesk|teamviewer",
    ],
    charge_notice: [
      "(?:compra|assinatura|pedido|pagamento|renova[çc][ãa]o) (?:de r\\$ ?[\\d,.]+ )?(?:aprovad[oa]|confirmad[oa]|realizad[oa]|processad[oa]|renovad[oa])",
      "renova[çc][ãa]o autom[áa]tica",
      "(?:foi|foram) (?:debitad[oa]s?|cobrad[oa]s?)",
    ],
    call_to_dispute: [
      "(?:se (?:n[ãa]o (?:reconhece|foi (?:voc[êe]|tu)|realizou|autorizou))[^.!?]{0,50}|caso n[ãa]o reconhe[çc]a[^.!?]{0,50}|para (?:cancelar|contestar|estornar) (?:esta|essa|a) (?:compra|transa[çc][ãa]o|cobran[çc]a)[^.!?]{0,30})(?:ligue|liga|entre em contato|contacte)[^.!?<]{0,50}<phone>",
    ],
    callback_promise: [
      "(?:atendente|central|gerente|equipe de seguran[çc]a|departamento de fraude)[^.!?]{0,20}(?:ir[áa] |vai )?(?:te |lhe )?(?:ligar|entrar em contato|contactar)",
    ],
    bank_details_change: [
      "(?:nossos|meus|os) dados banc[áa]rios (?:mudaram|foram alterados|foram atualizados)",
      "(?:nova|novo) (?:conta banc[áa]ria|chave pix|iban|dados banc[áa]rios)",
    ],
    code_given: [
      `${CODE}(?: de (?:verifica[çc][ãa]o|seguran[çc]a|acesso|confirma[çc][ãa]o|valida[çc][ãa]o|ativa[çc][ãa]o))?(?: (?:do|da|de|para) [a-z0-9]+(?: [a-z0-9]+)?)?(?: [ée]|:)? ?[:#]? ?\\d{4,8}`,
      `\\d{4,8} [ée] (?:o )?(?:seu|teu) ${CODE}`,
    ],
    reference_code: [`(?:c[óo]digos?|n[úu]meros?|n[º°o]\\.?) ${REFERENCE}(?:(?: [ée]|:)? ?[:#]? ?[a-z0-9-]{3,14})?`],
    share_warning: [
      "n[ãa]o (?:o |a )?(?:compartilhe|partilhe|informe|forne[çc]a|divulgue|passe)",
      "nunca (?:o |a )?(?:compartilhe|partilhe|informe|pedimos|solicitamos)",
      "ningu[ée]m (?:do|da) [a-z]+ (?:vai |ir[áa] )?(?:pedir|solicitar)",
    ],
    opt_out: ["(?:responda|envie) (?:sair|parar|stop)"],
    own_app: [
      "(?:no|pelo|no seu|pelo seu|na|pela) (?:app|aplicativo|aplica[çc][ãa]o|internet banking|homebanking)(?: [a-z0-9]+)?",
      "(?:na|em uma) ag[êe]ncia",
    ],
    free_remedy: [
      "(?:reparo|repara[çc][ãa]o|troca|substitui[çc][ãa]o) (?:[ée] |ser[áa] )?gratuit[oa]",
      "sem custo",
      "gr[áa]tis",
    ],
  },
});
