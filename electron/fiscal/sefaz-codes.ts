// The authority's rejection codes (cStat) the app meets, per document family: what each means in the
// manual's own words (xMotivo without "Rejeição: " and without the bracketed details the authority
// appends), the manual's rule, the request or event that raises it, and the layout field it points
// at. Pure facts: the app's words for the clerk live beside the screens that show them
// (app/issuing/rejection-words.ts, renderer .../mdfe-explain.ts) and are keyed by these tables; the
// sandbox's authority rules are tested against them (test/fiscal/sefaz-codes.test.ts).
//
// A code means different things in different families (646 is a homologação name in the CT-e and
// a plate format in the MDF-e; 651 a multimodal CT-e or an NF-e event), so every lookup names the
// family.

/** The documents whose authority answers with these tables. */
export type SefazFamily = 'cte' | 'dce' | 'mdfe' | 'nfe';

/** The request or event the authority answers with the code. */
export type SefazStage =
  | 'autorizacao'
  | 'cancelamento'
  | 'cartaCorrecao'
  | 'encerramento'
  | 'inclusaoCondutor'
  | 'inclusaoDfe'
  | 'manifestacao'
  | 'distribuicao';

export interface SefazRejection {
  /** The manual's xMotivo, without "Rejeição: " and the bracketed details. */
  readonly motivo: string;
  /** The manual's rule (G050, O06, K04…), or the manual's section when it names no rule. */
  readonly rule: string;
  readonly on: readonly SefazStage[];
  /**
   * The field the rule checks when one field is to blame: the API's JSON path of the document
   * (`infCte.ide.dhEmi`, the same path a 400 names) or, for an event, the event's own group. None
   * when the rule is about the authority's state rather than a value to correct (an MDF-e left open
   * elsewhere, 611/462/686: closing it is the fix, and the same plate is then sent again).
   */
  readonly field?: string;
  /**
   * Where the rule is written: the manual and its section or rule, or the technical note and its
   * version ('MOC CT-e 4.00 Anexo I, regra G047', 'NT 2025.001 v1.03 (MDF-e), regra F55a').
   */
  readonly source: string;
  /** The day the rule, as `source` words it, came into force in produção (ISO yyyy-mm-dd). */
  readonly inForceSince: string;
}

// The dates (inForceSince). A rule of a base manual carries the day that manual's layout went into
// produção when it is known, else the manual's own date; a later technical note carries its own
// produção date. The pack (../shared/reference) gives the months; the days come from the
// authorities' schedules as the software houses relayed them, named per constant.
/**
 * MOC CT-e 4.00 (Visão Geral and Anexo I, agosto/2022): the cronograma of both says produção 06/2023;
 * the layout 4.00 went live on 26/06/2023 (NT 2023.001 schedule, as relayed by ndd.tech, e-login and
 * techconsulting). The rules kept from 3.00 are dated by the 4.00 wording the table cites.
 */
const CTE_MOC_400 = '2023-06-26';
/**
 * DC-e: "Sistema DC-e – Manual de Orientação – Visão Geral 1.0" (outubro/2021, Ato COTEPE/ICMS
 * 83/2021; fiscal README F4) gives only the month: its first day. The obligation to use the DC-e was
 * postponed several times since; the rules are the manual's from its first version.
 */
const DCE_MOC_10 = '2021-10-01';
/**
 * MDF-e MOC 3.00 (13/10/2016, the date of the manual in the pack, mdfe README §"Sources"): the pack
 * gives no produção date of the layout, so the manual's own date is used.
 */
const MDFE_MOC_300 = '2016-10-13';
/** MDF-e MOC 3.00a (the open-manifest block 611, the inclusão de DF-e event): produção 15/07/2019. */
const MDFE_MOC_300A = '2019-07-15';
/**
 * NF-e manifestação do destinatário (NT 2012.002, not in the pack): dated by the version in force
 * that the pack dates, NT 2020.001 v1.50, produção 01/08/2024 (fiscal README F5).
 */
const NFE_NT_2020_001 = '2024-08-01';
/**
 * NFeDistribuicaoDFe (NT 2014.002, not in the pack): its version in force, v1.15, produção
 * 07/06/2022 (tecnospeed, "Nota Técnica 2014.002 versão 1.10 da NF-e", updated May 2022).
 */
const NFE_NT_2014_002 = '2022-06-07';

/** A rule of MOC CT-e 4.00 Anexo I (`alsoOs`: the CT-e OS rule of section 2.2 that repeats it). */
const cteAnexoI = (rule: string, alsoOs?: string) => ({
  rule,
  source: alsoOs
    ? `MOC CT-e 4.00 Anexo I, regras ${rule} (CT-e) e ${alsoOs} (CT-e OS)`
    : `MOC CT-e 4.00 Anexo I, regra ${rule}`,
  inForceSince: CTE_MOC_400,
});
/** A rule of MOC CT-e 4.00 Visão Geral (D/E groups, events O0x). */
const cteVisaoGeral = (rule: string) => ({
  rule,
  source: `MOC CT-e 4.00 Visão Geral, regra ${rule}`,
  inForceSince: CTE_MOC_400,
});
/** A CT-e rule the DC-e manual applies to the DC-e. */
const dceFromCte = (rule: string) => ({
  rule: `CT-e ${rule}`,
  source: `Manual DC-e Visão Geral 1.0, que aplica a regra ${rule} do MOC CT-e`,
  inForceSince: DCE_MOC_10,
});
const dceManual = (section: string) => ({
  rule: `Visão Geral ${section}`,
  source: `Manual DC-e Visão Geral 1.0, ${section}`,
  inForceSince: DCE_MOC_10,
});
/** A rule, rule range, section or event of MDF-e MOC 3.00 (`a`: of MOC 3.00a). */
const mdfeMoc = (rule: string, a = false) => {
  const what = /^§/.test(rule)
    ? rule
    : /^\d{6}$/.test(rule)
      ? `evento ${rule}`
      : /–/.test(rule)
        ? `regras ${rule}`
        : `regra ${rule}`;
  return {
    rule: a ? `${rule} (MOC 3.00a)` : rule,
    source: `MOC MDF-e ${a ? '3.00a' : '3.00'}, ${what}`,
    inForceSince: a ? MDFE_MOC_300A : MDFE_MOC_300,
  };
};
const nfeManifestacao = (rule: string) => ({
  rule,
  source: `NT 2012.002 (NF-e), ${rule === 'NT 2012.002' ? 'manifestação do destinatário' : `regra ${rule}`}, na redação da NT 2020.001 v1.50`,
  inForceSince: NFE_NT_2020_001,
});
const nfeDistribuicao = {
  rule: 'NT 2014.002',
  source: 'NT 2014.002 v1.15 (NF-e), NFeDistribuicaoDFe',
  inForceSince: NFE_NT_2014_002,
};

const AUT = ['autorizacao'] as const;

// CT-e (model 57, also the CT-e Simplificado) and CT-e OS (model 67). MOC CT-e 4.00: Visão Geral
// (D02/E03 certificate and signature, O05/O06 cancellation; _derived_text/MOC_CTe_VisaoGeral_v4.00
// lines ≈1551, 1593, 2990) and Anexo I "Regras de Validação" (G002–G010, G047/G048, G050–G052,
// G057–G060, G102/G103, G157, G159 of the CT-e, and the CT-e OS rules H003–H006, H055/H056 that
// repeat them; _derived_text/MOC_CTe_Anexo_I_Leiaute_v4.00 lines ≈124–160, 317–377, 599–606,
// 873–889, 1196–1206, 1415–1420). The CT-e OS has no G050–G052 (its section 2.2 checks the CFOP
// only against the list, H058).
export const CTE_REJECTIONS = {
  212: {
    motivo: 'Data de emissão CTe posterior a data de recebimento',
    ...cteAnexoI('G102'),
    on: AUT,
    field: 'infCte.ide.dhEmi',
  },
  213: {
    motivo: 'CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital',
    ...cteVisaoGeral('E03'),
    on: AUT,
  },
  218: {
    motivo: 'CTe já está cancelado na base de dados da SEFAZ',
    ...cteVisaoGeral('O05'),
    on: ['cancelamento', 'cartaCorrecao'],
  },
  220: {
    motivo: 'CTe autorizado há mais de 7 dias (168 horas)',
    ...cteVisaoGeral('O06'),
    on: ['cancelamento'],
  },
  228: { motivo: 'Data de Emissão muito atrasada', ...cteAnexoI('G103'), on: AUT, field: 'infCte.ide.dhEmi' },
  247: {
    motivo: 'Sigla da UF do Emitente diverge da UF autorizadora',
    ...cteAnexoI('G007', 'H003'),
    on: AUT,
    field: 'infCte.ide.cUF',
  },
  291: { motivo: 'Certificado Assinatura Data Validade', ...cteVisaoGeral('D02'), on: AUT },
  469: {
    motivo:
      'Remetente deve ser informado para tipo de serviço diferente de redespacho intermediário ou Serviço vinculado a multimodal',
    ...cteAnexoI('G053'),
    on: AUT,
    field: 'infCte.rem',
  },
  470: {
    motivo:
      'Destinatário deve ser informado para tipo de serviço diferente de redespacho intermediário ou serviço vinculado a multimodal',
    ...cteAnexoI('G054'),
    on: AUT,
    field: 'infCte.dest',
  },
  474: {
    motivo:
      'Expedidor deve ser informado para tipo de serviço de redespacho intermediário e serviço vinculado a multimodal',
    ...cteAnexoI('G055'),
    on: AUT,
    field: 'infCte.exped',
  },
  475: {
    motivo:
      'Recebedor deve ser informado para tipo de serviço de redespacho intermediário e serviço vinculado a multimodal',
    ...cteAnexoI('G056'),
    on: AUT,
    field: 'infCte.receb',
  },
  519: { motivo: 'CFOP inválido para operação', ...cteAnexoI('G050'), on: AUT, field: 'infCte.ide.CFOP' },
  521: {
    motivo:
      'Os documentos de transporte anterior devem ser informados para os tipos de serviço Subcontratação, Redespacho e Redespacho Intermediário',
    ...cteAnexoI('G059'),
    on: AUT,
    field: 'infCte.infCTeNorm.docAnt',
  },
  524: {
    motivo: 'CFOP inválido, informar 5932 ou 6932',
    ...cteAnexoI('G051'),
    on: AUT,
    field: 'infCte.ide.CFOP',
  },
  531: {
    motivo: 'Valor a receber deve ser menor ou igual Valor da Prestação',
    ...cteAnexoI('G048', 'H056'),
    on: AUT,
    field: 'infCte.vPrest.vRec',
  },

  539: {
    motivo: 'Duplicidade de CTe, com diferença na Chave de Acesso',
    ...cteAnexoI('G157'),
    on: AUT,
    field: 'infCte.ide.nCT',
  },
  528: {
    // The manual's own spelling ("exitir"), as the authority answers it.
    motivo: 'Vedado cancelamento se exitir MDF-e autorizado para o CTe',
    rule: 'Q15',
    on: ['cancelamento'],
    source:
      'MOC CT-e 4.00 Visão Geral (ago/2022) §6.2.1, regras do evento de cancelamento, Q15: vedado o cancelamento se existir MDF-e autorizado para o CT-e; com o MDF-e cancelado (evento de cancelamento do MDF-e), o CT-e pode ser cancelado (_derived_text/MOC_CTe_VisaoGeral_v4.00 ≈ linha 3032)',
    inForceSince: '2023-06-01',
  },
  581: {
    motivo: 'Campo Valor da Carga deve ser informado para o modal',
    ...cteAnexoI('G027'),
    on: AUT,
    field: 'infCte.infCTeNorm.infCarga.vCarga',
  },

  586: {
    motivo:
      'Data e Justificativa de entrada em contingência não devem ser informadas para tipo de emissão diferente de FS-DA',
    ...cteAnexoI('G008', 'H004'),
    on: AUT,
    field: 'infCte.ide.dhCont',
  },
  587: {
    motivo: 'Data e Justificativa de entrada em contingência devem ser informadas',
    ...cteAnexoI('G009', 'H005'),
    on: AUT,
    field: 'infCte.ide.dhCont',
  },
  588: {
    motivo: 'Data de entrada em contingência posterior a data de emissão',
    ...cteAnexoI('G010', 'H006'),
    on: AUT,
    field: 'infCte.ide.dhCont',
  },

  646: {
    motivo:
      'CTe emitido em ambiente de homologação com Razão Social do remetente diferente de CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
    ...cteAnexoI('G002'),
    on: AUT,
    field: 'infCte.rem.xNome',
  },
  647: {
    motivo:
      'CTe emitido em ambiente de homologação com Razão Social do expedidor diferente de CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
    ...cteAnexoI('G003'),
    on: AUT,
    field: 'infCte.exped.xNome',
  },
  648: {
    motivo:
      'CTe emitido em ambiente de homologação com Razão Social do recebedor diferente de CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
    ...cteAnexoI('G004'),
    on: AUT,
    field: 'infCte.receb.xNome',
  },
  649: {
    motivo:
      'CTe emitido em ambiente de homologação com Razão Social do destinatário diferente de CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
    ...cteAnexoI('G005'),
    on: AUT,
    field: 'infCte.dest.xNome',
  },
  650: {
    motivo: 'Valor total do serviço superior ao limite permitido (R$ 9.999.999,99)',
    ...cteAnexoI('G046', 'H054'),
    on: AUT,
    field: 'infCte.vPrest.vTPrest',
  },

  651: {
    motivo: 'Referenciar o CTe Multimodal que foi emitido pelo OTM',
    ...cteAnexoI('G057'),
    on: AUT,
    field: 'infCte.infCTeNorm.infServVinc',
  },
  670: {
    motivo: 'Série utilizada não permitida no webservice',
    ...cteAnexoI('G006', 'H002'),
    on: AUT,
    field: 'infCte.ide.serie',
  },

  675: {
    motivo: 'Valor do imposto não corresponde à base de cálculo X alíquota',
    ...cteAnexoI('G047', 'H055'),
    on: AUT,
    field: 'infCte.imp.ICMS',
  },
  693: {
    motivo:
      'Grupo Documentos Transportados deve ser informado para tipo de serviço diferente de redespacho intermediário e serviço vinculado a multimodal',
    ...cteAnexoI('G036'),
    on: AUT,
    field: 'infCte.infCTeNorm.infDoc',
  },
  694: {
    motivo:
      'Grupo Documentos Transportados não pode ser informado para tipo de serviço redespacho intermediário e serviço vinculado a multimodal',
    ...cteAnexoI('G037'),
    on: AUT,
    field: 'infCte.infCTeNorm.infDoc',
  },

  747: {
    motivo: 'Documentos anteriores informados para Tipo de Serviço Normal',
    ...cteAnexoI('G060'),
    on: AUT,
    field: 'infCte.infCTeNorm.docAnt',
  },
  814: {
    motivo:
      'Não devem ser informados CTe Multimodais para Tipo de Serviço diferente de Serviço Vinculado a Multimodal',
    ...cteAnexoI('G058'),
    on: AUT,
    field: 'infCte.infCTeNorm.infServVinc',
  },
  902: {
    motivo:
      'Grupo de informações do pedido de emissão da NFF deve ser preenchido apenas para forma de emissão NFF',
    ...cteAnexoI('G218'),
    on: AUT,
    field: 'infCte.infSolicNFF',
  },

  908: {
    motivo: 'CFOP inválido, não informar 5932 ou 6932',
    ...cteAnexoI('G052'),
    on: AUT,
    field: 'infCte.ide.CFOP',
  },
} as const satisfies Record<number, SefazRejection>;

/** Rule Q15: the cancellation of a CT-e on an MDF-e that is authorized and not cancelled is refused. */
export const CTE_CANCEL_BLOCKED_BY_MDFE = 528 satisfies keyof typeof CTE_REJECTIONS;

// DC-e (model 99). "Sistema DC-e – Manual de Orientação – Visão Geral 1.0" (out/2021, reference
// fiscal README F4: one event, the cancellation within 24 h). The pack holds no DC-e rule table:
// the emission rules are the CT-e's (above) worded for the DC-e, as its manual reuses them; the
// texts are unverified against a DC-e Anexo I.
export const DCE_REJECTIONS = {
  212: {
    motivo: 'Data de emissão DC-e posterior a data de recebimento',
    ...dceFromCte('G102'),
    on: AUT,
    field: 'infDCe.ide.dhEmi',
  },
  213: {
    motivo: 'CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital',
    ...dceFromCte('E03'),
    on: AUT,
  },
  218: {
    motivo: 'DCe já está cancelada na base de dados da SEFAZ',
    ...dceManual('§5.5'),
    on: ['cancelamento'],
  },
  220: { motivo: 'DCe autorizada há mais de 24 horas', ...dceManual('§5.5'), on: ['cancelamento'] },
  228: {
    motivo: 'Data de Emissão muito atrasada',
    ...dceFromCte('G103'),
    on: AUT,
    field: 'infDCe.ide.dhEmi',
  },
  291: { motivo: 'Certificado Assinatura Data Validade', ...dceFromCte('D02'), on: AUT },
  539: {
    motivo: 'Duplicidade de DC-e, com diferença na Chave de Acesso',
    ...dceFromCte('G157'),
    on: AUT,
    field: 'infDCe.ide.nDC',
  },
} as const satisfies Record<number, SefazRejection>;

const ROUTE = 'infMDFe.ide.infPercurso';
const CLOSING = 'evEncMDFe';
const DFE_INCLUSION = 'evIncDFeMDFe';
const EVENTS = ['cancelamento', 'encerramento', 'inclusaoCondutor', 'inclusaoDfe'] as const;

// MDF-e (model 58). MOC MDF-e 3.00 (13/10/2016): §5 rules G0xx p.35–41, §6 events K0x p.69–74,
// §7.2 code table p.75–82 (reference mdfe/README §5 "Status and rejection codes"); a rule is named
// where the reference names it, else its section or range. 611 is the MOC 3.00a wording of the
// open-manifest block (G071; it was G078 → 610 in MOC 3.00, whose wording the pack lacks); the
// inclusão de DF-e event (110115) is MOC 3.00a as well.
export const MDFE_REJECTIONS = {
  212: {
    motivo: 'Data/hora de emissão MDF-e posterior a data/hora de recebimento',
    ...mdfeMoc('G073–G074'),
    on: AUT,
    field: 'infMDFe.ide.dhEmi',
  },
  213: {
    motivo: 'CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital',
    ...mdfeMoc('§5'),
    on: AUT,
  },
  214: {
    motivo: 'Tamanho da mensagem excedeu o limite estabelecido',
    rule: 'B01',
    on: AUT,
    source: 'MOC MDF-e 3.00 §4.5.5 B01 p.59; §7.2 p.76',
    inForceSince: '2016-10-13',
  },
  218: {
    motivo: 'MDF-e já está cancelado na base de dados da SEFAZ',
    ...mdfeMoc('§6 K04–K07'),
    on: EVENTS,
  },
  220: { motivo: 'MDF-e autorizado há mais de 24 horas', ...mdfeMoc('§6.1.3'), on: ['cancelamento'] },
  222: {
    motivo: 'Protocolo de Autorização de Uso difere do cadastrado',
    ...mdfeMoc('§6 K03–K07'),
    on: ['cancelamento', 'encerramento', 'inclusaoDfe'],
    field: 'nProt',
  },
  227: {
    motivo: 'Erro na composição do Campo ID',
    ...mdfeMoc('G004'),
    on: AUT,
    field: 'infMDFe.Id',
  },
  229: {
    motivo: 'IE do emitente não informada',
    rule: 'G066',
    on: AUT,
    field: 'infMDFe.emit.IE',
    source: 'MOC MDF-e 3.00 §4.1.8, regra G066 (p.39)',
    // The manual's date: the pack does not say when the 3.00 layout became mandatory.
    inForceSince: '2016-10-13',
  },
  253: {
    motivo: 'Digito Verificador da chave de acesso composta inválido',
    ...mdfeMoc('G006'),
    on: AUT,
    field: 'infMDFe.ide.cDV',
  },
  291: { motivo: 'Certificado Assinatura Data Validade', ...mdfeMoc('§5'), on: AUT },
  301: {
    motivo: 'NCM do produto predominante da carga lotação deve ser informado',
    rule: 'F55a',
    on: AUT,
    field: 'infMDFe.prodPred.NCM',
    source: 'NT 2025.001 v1.03 (MDF-e), regra F55a',
    inForceSince: '2025-10-06',
  },
  302: {
    // The wording SVRS answers, as quoted in OCA/l10n-brazil issue #4006 (2025-08-29).
    motivo: 'As informações de pagamento devem ser informadas para carga lotação',
    rule: 'F55b',
    on: AUT,
    field: 'infMDFe.infModal.rodo.infANTT.infPag',
    source: 'NT 2025.001 v1.03 (MDF-e), regra F55b',
    inForceSince: '2025-10-06',
  },
  303: {
    motivo: 'Dados bancários e de pagamento devem ser informados para TAC e equiparado',
    rule: 'F113a',
    on: AUT,
    field: 'infMDFe.infModal.rodo.infANTT.infPag',
    source: 'NT 2025.001 v1.03 (MDF-e), regra F113a',
    inForceSince: '2025-10-06',
  },
  304: {
    motivo: 'CIOT deve ser informado para TAC e equiparado',
    rule: 'F113b',
    on: AUT,
    field: 'infMDFe.infModal.rodo.infANTT.infCIOT',
    source: 'NT 2025.001 v1.03 (MDF-e), regra F113b',
    inForceSince: '2025-10-06',
  },
  405: {
    motivo: 'Município de Carregamento inexistente',
    ...mdfeMoc('110115', true),
    on: ['inclusaoDfe'],
    field: `${DFE_INCLUSION}.cMunCarrega`,
  },
  406: {
    motivo: 'Município de Descarregamento inexistente',
    ...mdfeMoc('110115', true),
    on: ['inclusaoDfe'],
    field: `${DFE_INCLUSION}.infDoc.cMunDescarga`,
  },
  454: {
    motivo:
      'Tipo de Transportador para Carga Própria e Proprietário do veículo diferente do emitente deve ser TAC',
    ...mdfeMoc('G019'),
    on: AUT,
    field: 'infMDFe.ide.tpTransp',
  },
  456: {
    motivo: 'Código de Município diverge da UF de Carregamento do MDF-e',
    ...mdfeMoc('G009'),
    on: AUT,
    field: 'infMDFe.ide.infMunCarrega.cMunCarrega',
  },
  457: {
    motivo: 'Tipo de Transportador deve ser diferente de TAC',
    ...mdfeMoc('G017'),
    on: AUT,
    field: 'infMDFe.ide.tpTransp',
  },
  458: {
    motivo:
      'Tipo de Transportador não deve ser informado para Emitente de Carga Própria proprietário do veículo',
    ...mdfeMoc('G018'),
    on: AUT,
    field: 'infMDFe.ide.tpTransp',
  },
  461: {
    motivo: 'Município de encerramento inválido para encerramento em território nacional',
    ...mdfeMoc('§6.2.3'),
    on: ['encerramento'],
    field: `${CLOSING}.cMun`,
  },
  462: {
    motivo: 'Existe MDF-e não encerrado há mais de 5 dias para placa com até 2 UF de percurso',
    ...mdfeMoc('G080'),
    on: AUT,
  },
  539: {
    motivo: 'Duplicidade de MDF-e, com diferença na Chave de Acesso',
    ...mdfeMoc('G073–G074'),
    on: AUT,
    field: 'infMDFe.ide.nMDF',
  },
  577: {
    motivo: 'Duplicidade de condutor',
    ...mdfeMoc('§7.2'),
    on: AUT,
    field: 'infMDFe.infModal.rodo.veicTracao.condutor',
  },
  578: {
    motivo: 'Informações dos tomadores é obrigatória para esta operação',
    rule: 'G085',
    on: AUT,
    field: 'infMDFe.infModal.rodo.infANTT.infContratante',
    source: 'MOC MDF-e 3.00 §4.1.8, regra G085 (p.41)',
    // The manual's date: the pack does not say when the 3.00 layout became mandatory.
    inForceSince: '2016-10-13',
  },
  601: {
    motivo: 'Chave de acesso do CT-e informado inválida',
    ...mdfeMoc('G015–G036'),
    on: AUT,
    field: 'infMDFe.infDoc.infMunDescarga.infCTe.chCTe',
  },
  604: {
    motivo: 'Chave de acesso da NF-e informada inválida',
    ...mdfeMoc('G015–G036'),
    on: ['autorizacao', 'inclusaoDfe'],
    field: 'infMDFe.infDoc.infMunDescarga.infNFe.chNFe',
  },
  609: { motivo: 'MDF-e já está encerrado na base de dados da SEFAZ', ...mdfeMoc('§6 K04–K07'), on: EVENTS },
  611: {
    motivo: 'Existe MDF-e não encerrado para esta placa, tipo de emitente e UF descarregamento',
    ...mdfeMoc('G071', true),
    on: AUT,
  },
  612: {
    motivo: 'Código de Município diverge da UF de descarregamento do MDF-e',
    ...mdfeMoc('G012'),
    on: AUT,
    field: 'infMDFe.infDoc.infMunDescarga.cMunDescarga',
  },
  613: {
    motivo: 'Código de Município de encerramento: dígito inválido',
    ...mdfeMoc('§6.2.3'),
    on: ['encerramento'],
    field: `${CLOSING}.cMun`,
  },
  614: {
    motivo: 'Código de Município diverge da UF de encerramento do MDF-e',
    ...mdfeMoc('§6.2.3'),
    on: ['encerramento'],
    field: `${CLOSING}.cMun`,
  },
  615: {
    motivo: 'Data de encerramento anterior à data de autorização do MDF-e',
    ...mdfeMoc('§6.2.3'),
    on: ['encerramento'],
    field: `${CLOSING}.dtEnc`,
  },
  616: {
    motivo: 'Nenhum grupo de documentos foi informado (CT-e, CT, NF-e, MDF-e)',
    ...mdfeMoc('G015–G036'),
    on: AUT,
    field: 'infMDFe.infDoc.infMunDescarga',
  },
  620: {
    motivo: 'Chave de acesso de CT-e inválida (modelo diferente de 57)',
    ...mdfeMoc('G015–G036'),
    on: AUT,
    field: 'infMDFe.infDoc.infMunDescarga.infCTe.chCTe',
  },
  625: {
    motivo: 'Chave de acesso de NF-e inválida (modelo diferente de 55)',
    ...mdfeMoc('G015–G036'),
    on: ['autorizacao', 'inclusaoDfe'],
    field: 'infMDFe.infDoc.infMunDescarga.infNFe.chNFe',
  },
  635: {
    motivo: 'A data do evento não pode ser maior que a data do processamento',
    rule: '§7.2',
    on: ['encerramento'],
    field: `${CLOSING}.dtEnc`,
    source: 'MOC MDF-e 3.00 §7.2 p.75–82',
    inForceSince: '2016-10-13',
  },
  636: {
    motivo: 'O número sequencial do evento é maior que o permitido',
    ...mdfeMoc('§6.3.3'),
    on: ['inclusaoCondutor'],
    field: 'nSeqEvento',
  },
  638: {
    motivo: 'Não deve ser informada NF-e para tipo de emitente Prestador de Serviço de Transporte',
    ...mdfeMoc('G015–G036'),
    on: AUT,
    field: 'infMDFe.infDoc.infMunDescarga.infNFe',
  },
  639: {
    motivo: 'Não deve ser informado Conhecimento de Transporte Eletrônico para tipo de emitente',
    ...mdfeMoc('G015–G036'),
    on: AUT,
    field: 'infMDFe.infDoc.infMunDescarga.infCTe',
  },
  645: {
    motivo: 'CPF do condutor inválido',
    ...mdfeMoc('§6.3.3'),
    on: ['inclusaoCondutor'],
    field: 'evIncCondutorMDFe.condutor.CPF',
  },
  646: {
    motivo: "Placa de veículo formato inválido (UF Carregamento e Descarregamento <> 'EX')",
    ...mdfeMoc('G081'),
    on: AUT,
    field: 'infMDFe.infModal.rodo.veicTracao.placa',
  },
  663: { motivo: 'Percurso informado inválido', ...mdfeMoc('G082'), on: AUT, field: ROUTE },
  667: {
    motivo:
      'Quantidade informada no grupo de totalizadores não confere com a quantidade de documentos relacionados',
    ...mdfeMoc('G064'),
    on: AUT,
    field: 'infMDFe.tot',
  },
  686: {
    motivo: 'Existe MDF-e não encerrado há mais de 30 dias para o emitente',
    ...mdfeMoc('G079'),
    on: AUT,
  },
  689: {
    motivo: 'Município de encerramento deve ser 9999999 para encerramento no exterior',
    ...mdfeMoc('§6.2.3'),
    on: ['encerramento'],
    field: `${CLOSING}.cMun`,
  },
  698: {
    motivo: 'Seguro da carga é obrigatório para modal Prestador de Serviço de Transporte no modal rodoviário',
    ...mdfeMoc('G083'),
    on: AUT,
    field: 'infMDFe.seg',
  },
  699: {
    motivo: 'Dados do seguro de carga incompletos para o modal rodoviário',
    ...mdfeMoc('G084'),
    on: AUT,
    field: 'infMDFe.seg',
  },
} as const satisfies Record<number, SefazRejection>;

// NF-e, as the recipient meets it in the inbox: the manifestação do destinatário events (NT 2012.002,
// rules H0x; NT 2020.001 later renamed "Ciência da Operação" to "Ciência da Emissão" in 650/655)
// and the NFeDistribuicaoDFe service (NT 2014.002). The reference pack holds neither NT: the texts
// are the codes' xMotivo as the NF-e code tables of sped-nfe (storage/cstat.json, cited in the
// reference fiscal README F5) and ACBr list them.
export const NFE_REJECTIONS = {
  217: {
    motivo: 'NF-e não consta na base de dados da SEFAZ',
    ...nfeManifestacao('NT 2012.002'),
    on: ['manifestacao'],
  },
  573: { motivo: 'Duplicidade de Evento', ...nfeManifestacao('NT 2012.002'), on: ['manifestacao'] },
  575: {
    motivo: 'O autor do evento diverge do destinatário da NF-e',
    ...nfeManifestacao('NT 2012.002'),
    on: ['manifestacao'],
  },
  580: {
    motivo: 'O evento exige uma NF-e autorizada',
    ...nfeManifestacao('NT 2012.002'),
    on: ['manifestacao'],
  },
  589: {
    motivo: 'Número do NSU informado superior ao maior NSU da base de dados da SEFAZ',
    ...nfeDistribuicao,
    on: ['distribuicao'],
  },
  596: {
    motivo: 'Evento apresentado fora do prazo: 180 dias',
    ...nfeManifestacao('NT 2012.002'),
    on: ['manifestacao'],
  },
  650: {
    motivo: 'Evento de "Ciência da Operação" para NF-e Cancelada ou Denegada',
    ...nfeManifestacao('H04'),
    on: ['manifestacao'],
  },
  651: {
    motivo: 'Evento de "Desconhecimento da Operação" para NF-e Cancelada ou Denegada',
    ...nfeManifestacao('H05'),
    on: ['manifestacao'],
  },
  655: {
    motivo: 'Evento de Ciência da Operação informado após a manifestação final do destinatário',
    ...nfeManifestacao('H06'),
    on: ['manifestacao'],
  },
  656: { motivo: 'Consumo Indevido', ...nfeDistribuicao, on: ['distribuicao'] },
} as const satisfies Record<number, SefazRejection>;

export type CteRejectionCode = keyof typeof CTE_REJECTIONS;
export type DceRejectionCode = keyof typeof DCE_REJECTIONS;
export type MdfeRejectionCode = keyof typeof MDFE_REJECTIONS;
export type NfeRejectionCode = keyof typeof NFE_REJECTIONS;

export const SEFAZ_REJECTIONS: Readonly<Record<SefazFamily, Readonly<Record<number, SefazRejection>>>> = {
  cte: CTE_REJECTIONS,
  dce: DCE_REJECTIONS,
  mdfe: MDFE_REJECTIONS,
  nfe: NFE_REJECTIONS,
};

/** What `cStat` means for `family`'s authority; null for a code these tables do not hold. */
export function sefazRejection(family: SefazFamily, cStat: number): SefazRejection | null {
  if (!Object.prototype.hasOwnProperty.call(SEFAZ_REJECTIONS, family)) return null;
  const table = SEFAZ_REJECTIONS[family];
  if (!Number.isInteger(cStat) || !Object.prototype.hasOwnProperty.call(table, cStat)) return null;
  return table[cStat] ?? null;
}
