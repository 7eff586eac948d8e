// Maps what the API (a JSON path of MdfePedidoEmissao, `infMDFe.…`) or the MDF-e authority (the
// field of a rejection code, fiscal/sefaz-codes.ts) names back to the MDF-e form's field paths
// (electron/shared/schemas/mdfe-form.ts), so the renderer can mark the field and open its step.
// The JSON names are those of the MDF-e 3.00 layout (MOC MDF-e 3.00 §7 / mdfeTiposBasico and
// mdfeModalRodoviario XSD) as fiscal/payload/mdfe.ts builds them; paths come with indexes as
// `.0` (the `[0]` form is turned into it by the caller).

const RODO = String.raw`infMDFe\.infModal\.rodo`;
const ANTT = String.raw`${RODO}\.infANTT`;
const DOC = String.raw`(?:CNPJ|CPF|idEstrangeiro)`;

/** A vehicle's fields (veicTracao / veicReboque) → the form's vehicle keys. */
const VEHICLE: [string, string][] = [
  ['placa', 'placa'],
  ['RENAVAM', 'renavam'],
  ['tara', 'tara'],
  ['capKG', 'capKg'],
  ['capM3', 'capM3'],
  ['tpRod', 'tpRod'],
  ['tpCar', 'tpCar'],
  ['UF', 'uf'],
  [String.raw`prop\.${DOC}`, 'proprietario.cpfCnpj'],
  [String.raw`prop\.xNome`, 'proprietario.nome'],
  [String.raw`prop\.RNTRC`, 'proprietario.rntrc'],
  [String.raw`prop\.IE`, 'proprietario.ie'],
  [String.raw`prop\.UF`, 'proprietario.uf'],
  [String.raw`prop\.tpProp`, 'proprietario.tpProp'],
  ['prop', 'proprietario'],
];

const vehicleRules = (from: string, to: string): [string, string][] => [
  ...VEHICLE.map(([api, form]): [string, string] => [`${from}\\.${api}`, `${to}.${form}`]),
  [from, to],
];

/**
 * [regular expression source, form path]: the first whose expression matches the start of the path
 * (at a segment's end) wins; `$1`, `$2` are the indexes it captured. Most specific first.
 */
export const MDFE_PATH_RULES: readonly (readonly [string, string])[] = [
  // Drivers (condutor 1..10): the CPF or name of the i-th, or the list as a whole (577: "condutor").
  [String.raw`${RODO}\.veicTracao\.condutor\.(\d+)\.CPF`, 'condutores.$1.cpf'],
  [String.raw`${RODO}\.veicTracao\.condutor\.(\d+)\.xNome`, 'condutores.$1.nome'],
  [String.raw`${RODO}\.veicTracao\.condutor\.(\d+)`, 'condutores.$1'],
  [String.raw`${RODO}\.veicTracao\.condutor`, 'condutores'],
  ...vehicleRules(String.raw`${RODO}\.veicReboque\.(\d+)`, 'reboques.$1'),
  [String.raw`${RODO}\.veicReboque`, 'reboques'],
  ...vehicleRules(String.raw`${RODO}\.veicTracao`, 'veiculo'),
  // ANTT: RNTRC, CIOT, vale-pedágio, contratantes, payment of the freight.
  [String.raw`${ANTT}\.RNTRC`, 'rntrc'],
  [String.raw`${ANTT}\.infCIOT\.(\d+)\.CIOT`, 'ciot.$1.ciot'],
  [String.raw`${ANTT}\.infCIOT\.(\d+)\.${DOC}`, 'ciot.$1.cpfCnpj'],
  [String.raw`${ANTT}\.infCIOT\.(\d+)`, 'ciot.$1'],
  [String.raw`${ANTT}\.infCIOT`, 'ciot'],
  [String.raw`${ANTT}\.valePed\.disp\.(\d+)\.CNPJForn`, 'valePedagio.$1.cnpjFornecedor'],
  [String.raw`${ANTT}\.valePed\.disp\.(\d+)\.(?:CNPJPg|CPFPg)`, 'valePedagio.$1.cpfCnpjPagador'],
  [String.raw`${ANTT}\.valePed\.disp\.(\d+)\.nCompra`, 'valePedagio.$1.numeroCompra'],
  [String.raw`${ANTT}\.valePed\.disp\.(\d+)\.vValePed`, 'valePedagio.$1.valor'],
  [String.raw`${ANTT}\.valePed\.disp\.(\d+)`, 'valePedagio.$1'],
  [String.raw`${ANTT}\.valePed`, 'valePedagio'],
  [String.raw`${ANTT}\.infContratante\.(\d+)\.xNome`, 'contratantes.$1.nome'],
  [String.raw`${ANTT}\.infContratante\.(\d+)\.${DOC}`, 'contratantes.$1.cpfCnpj'],
  [String.raw`${ANTT}\.infContratante\.(\d+)`, 'contratantes.$1'],
  [String.raw`${ANTT}\.infContratante`, 'contratantes'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.xNome`, 'pagamentos.$1.nome'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.${DOC}`, 'pagamentos.$1.cpfCnpj'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.Comp\.(\d+)\.tpComp`, 'pagamentos.$1.componentes.$2.tipo'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.Comp\.(\d+)\.vComp`, 'pagamentos.$1.componentes.$2.valor'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.Comp\.(\d+)\.xComp`, 'pagamentos.$1.componentes.$2.descricao'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.Comp\.(\d+)`, 'pagamentos.$1.componentes.$2'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.Comp`, 'pagamentos.$1.componentes'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.indPag`, 'pagamentos.$1.indPag'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.vAdiant`, 'pagamentos.$1.adiantamento'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.infPrazo\.(\d+)\.dVenc`, 'pagamentos.$1.parcelas.$2.vencimento'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.infPrazo\.(\d+)\.vParcela`, 'pagamentos.$1.parcelas.$2.valor'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.infPrazo\.(\d+)`, 'pagamentos.$1.parcelas.$2'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.infPrazo`, 'pagamentos.$1.parcelas'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.infBanc\.PIX`, 'pagamentos.$1.pix'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.infBanc\.codBanco`, 'pagamentos.$1.banco'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.infBanc\.codAgencia`, 'pagamentos.$1.agencia'],
  [String.raw`${ANTT}\.infPag\.(\d+)\.infBanc`, 'pagamentos.$1.banco'],
  [String.raw`${ANTT}\.infPag\.(\d+)`, 'pagamentos.$1'],
  [String.raw`${ANTT}\.infPag`, 'pagamentos'],
  // ide: the carrier type, the route, the start of the trip, the later loading; the UFs and
  // municipalities of loading come from the documents.
  [String.raw`infMDFe\.ide\.tpTransp`, 'tpTransp'],
  [String.raw`infMDFe\.ide\.infPercurso`, 'rotas'],
  [String.raw`infMDFe\.ide\.dhIniViagem`, 'dhIniViagem'],
  [String.raw`infMDFe\.ide\.indCarregaPosterior`, 'carregaPosterior'],
  [String.raw`infMDFe\.ide\.(?:infMunCarrega|UFIni|UFFim)`, 'documentos'],
  // The documents of the trip (grouped by unloading municipality: the group's index is not the
  // form's, so the list as a whole) and the totals that come from them.
  [String.raw`infMDFe\.infDoc`, 'documentos'],
  [String.raw`infMDFe\.tot\.cUnid`, 'unidade'],
  [String.raw`infMDFe\.tot`, 'documentos'],
  // Cargo insurance (seg 0..n).
  [String.raw`infMDFe\.seg\.(\d+)\.infResp\.respSeg`, 'seguros.$1.responsavel'],
  [String.raw`infMDFe\.seg\.(\d+)\.infResp`, 'seguros.$1.cpfCnpjResponsavel'],
  [String.raw`infMDFe\.seg\.(\d+)\.infSeg\.xSeg`, 'seguros.$1.seguradora'],
  [String.raw`infMDFe\.seg\.(\d+)\.infSeg\.CNPJ`, 'seguros.$1.cnpjSeguradora'],
  [String.raw`infMDFe\.seg\.(\d+)\.infSeg`, 'seguros.$1.seguradora'],
  [String.raw`infMDFe\.seg\.(\d+)\.nApol`, 'seguros.$1.apolice'],
  [String.raw`infMDFe\.seg\.(\d+)\.nAver\.(\d+)`, 'seguros.$1.averbacoes.$2'],
  [String.raw`infMDFe\.seg\.(\d+)\.nAver`, 'seguros.$1.averbacoes'],
  [String.raw`infMDFe\.seg\.(\d+)`, 'seguros.$1'],
  [String.raw`infMDFe\.seg`, 'seguros'],
  // The predominant product and the carga lotação's places.
  [String.raw`infMDFe\.prodPred\.tpCarga`, 'produto.tpCarga'],
  [String.raw`infMDFe\.prodPred\.xProd`, 'produto.xProd'],
  [String.raw`infMDFe\.prodPred\.NCM`, 'produto.ncm'],
  [String.raw`infMDFe\.prodPred\.infLotacao\.infLocalCarrega\.CEP`, 'lotacao.carrega.cep'],
  [String.raw`infMDFe\.prodPred\.infLotacao\.infLocalCarrega\.latitude`, 'lotacao.carrega.latitude'],
  [String.raw`infMDFe\.prodPred\.infLotacao\.infLocalCarrega\.longitude`, 'lotacao.carrega.longitude'],
  [String.raw`infMDFe\.prodPred\.infLotacao\.infLocalCarrega`, 'lotacao.carrega'],
  [String.raw`infMDFe\.prodPred\.infLotacao\.infLocalDescarrega\.CEP`, 'lotacao.descarga.cep'],
  [String.raw`infMDFe\.prodPred\.infLotacao\.infLocalDescarrega\.latitude`, 'lotacao.descarga.latitude'],
  [String.raw`infMDFe\.prodPred\.infLotacao\.infLocalDescarrega\.longitude`, 'lotacao.descarga.longitude'],
  [String.raw`infMDFe\.prodPred\.infLotacao\.infLocalDescarrega`, 'lotacao.descarga'],
  [String.raw`infMDFe\.prodPred\.infLotacao`, 'lotacao'],
  [String.raw`infMDFe\.prodPred`, 'produto'],
  [String.raw`infMDFe\.infAdic\.infCpl`, 'infCpl'],
];

const COMPILED = MDFE_PATH_RULES.map(
  ([source, target]) => [new RegExp(`^${source}(?=\\.|$)`), target] as const,
);

/**
 * One MDF-e API path (`infMDFe.infModal.rodo.veicTracao.placa`, indexes as `.0`) → the MDF-e form
 * path (`veiculo.placa`); null when the form has no such field (the emitente is in Empresas, the
 * numbering is the app's).
 */
export function mdfeFormPathOf(path: string): string | null {
  for (const [re, target] of COMPILED) {
    const match = re.exec(path);
    if (match) return target.replace(/\$(\d)/g, (_, n: string) => match[Number(n)] ?? '0');
  }
  return null;
}
