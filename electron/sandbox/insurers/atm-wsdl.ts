// The WSDL the AT&M double serves at `/20/index.soap?wsdl`: the `urn:ATMWebSvr` interface as
// 02-atm.md §3.1 lists it (operations, parts, types and cardinalities), written here from that table.
// test/sandbox/insurers/atm-wsdl.test.ts holds it against the pack's reconstructed WSDL.

interface Field {
  name: string;
  type: string;
  min?: 0;
  many?: true;
}

const TYPES: Record<string, Field[]> = {
  ErroProcesso: [
    { name: 'Codigo', type: 'xsd:string' },
    { name: 'Descricao', type: 'xsd:string' },
    { name: 'ValorEsperado', type: 'xsd:string', min: 0 },
    { name: 'ValorInformado', type: 'xsd:string', min: 0 },
  ],
  ErrosProcesso: [{ name: 'Erro', type: 'tns:ErroProcesso', many: true }],
  InfoProcesso: [
    { name: 'Codigo', type: 'xsd:string' },
    { name: 'Descricao', type: 'xsd:string' },
  ],
  InfosProcesso: [{ name: 'Info', type: 'tns:InfoProcesso', many: true }],
  DadosSeguro: [
    { name: 'NumeroAverbacao', type: 'xsd:string' },
    ...[
      'CNPJSeguradora',
      'NomeSeguradora',
      'NumApolice',
      'TpMov',
      'TpDDR',
      'ValorAverbado',
      'RamoAverbado',
    ].map((name): Field => ({ name, type: 'xsd:string', min: 0 })),
  ],
  SuccessProcesso: [
    { name: 'dhAverbacao', type: 'xsd:dateTime' },
    { name: 'Protocolo', type: 'xsd:string' },
    { name: 'DadosSeguro', type: 'tns:DadosSeguro', min: 0, many: true },
  ],
  SuccessProcessoMDFe: [
    { name: 'dhChancela', type: 'xsd:dateTime' },
    { name: 'Protocolo', type: 'xsd:string' },
  ],
  Retorno: [
    { name: 'Numero', type: 'xsd:string' },
    { name: 'Serie', type: 'xsd:string' },
    { name: 'Filial', type: 'xsd:string' },
    { name: 'CNPJCli', type: 'xsd:string', min: 0 },
    { name: 'TpDoc', type: 'xsd:integer', min: 0 },
    { name: 'InfAdic', type: 'xsd:string', min: 0 },
    { name: 'Erros', type: 'tns:ErrosProcesso', min: 0 },
    { name: 'Averbado', type: 'tns:SuccessProcesso', min: 0 },
    { name: 'Infos', type: 'tns:InfosProcesso', min: 0 },
  ],
  RetornoMDFe: [
    { name: 'Numero', type: 'xsd:string' },
    { name: 'Serie', type: 'xsd:string' },
    { name: 'Filial', type: 'xsd:string' },
    { name: 'Erros', type: 'tns:ErrosProcesso', min: 0 },
    { name: 'Declarado', type: 'tns:SuccessProcessoMDFe', min: 0 },
    { name: 'Infos', type: 'tns:InfosProcesso', min: 0 },
  ],
};

const CREDENTIALS = ['usuario', 'senha', 'codatm'];
export const WSDL_OPERATIONS: { name: string; inputs: string[]; output: [string, string] }[] = [
  { name: 'averbaCTe', inputs: [...CREDENTIALS, 'xmlCTe'], output: ['Response', 'tns:Retorno'] },
  { name: 'averbaNFe', inputs: [...CREDENTIALS, 'xmlNFe'], output: ['Response', 'tns:Retorno'] },
  { name: 'declaraMDFe', inputs: [...CREDENTIALS, 'xmlMDFe'], output: ['Response', 'tns:RetornoMDFe'] },
  {
    name: 'AddBackMail',
    inputs: [
      ...CREDENTIALS,
      'aplicacao',
      'assunto',
      'remetentes',
      'destinatarios',
      'corpo',
      'chave',
      'chaveresp',
    ],
    output: ['return', 'xsd:string'],
  },
];

const field = (f: Field) =>
  `<xsd:element name="${f.name}" type="${f.type}"${f.min === 0 ? ' minOccurs="0"' : ''}${f.many ? ' maxOccurs="unbounded"' : ''}/>`;

/** The WSDL text, its address pointing at `location` (the double's own SOAP URL). */
export function atmWsdl(location: string): string {
  const types = Object.entries(TYPES)
    .map(
      ([name, fields]) =>
        `<xsd:complexType name="${name}"><xsd:sequence>${fields.map(field).join('')}</xsd:sequence></xsd:complexType>`,
    )
    .join('');
  const messages = WSDL_OPERATIONS.map(
    (op) =>
      `<message name="${op.name}Request">${op.inputs.map((p) => `<part name="${p}" type="xsd:string"/>`).join('')}</message>` +
      `<message name="${op.name}Response"><part name="${op.output[0]}" type="${op.output[1]}"/></message>`,
  ).join('');
  const portOps = WSDL_OPERATIONS.map(
    (op) =>
      `<operation name="${op.name}"><input message="tns:${op.name}Request"/><output message="tns:${op.name}Response"/></operation>`,
  ).join('');
  const body = '<soap:body use="literal" namespace="urn:ATMWebSvr"/>';
  const bindingOps = WSDL_OPERATIONS.map(
    (op) =>
      `<operation name="${op.name}"><soap:operation soapAction="urn:ATMWebSvr#${op.name}" style="rpc"/><input>${body}</input><output>${body}</output></operation>`,
  ).join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:ATMWebSvr" targetNamespace="urn:ATMWebSvr" name="ATMWebSvr">',
    `<types><xsd:schema targetNamespace="urn:ATMWebSvr">${types}</xsd:schema></types>`,
    messages,
    `<portType name="ATMWebSvrPortType">${portOps}</portType>`,
    `<binding name="ATMWebSvrBinding" type="tns:ATMWebSvrPortType"><soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>${bindingOps}</binding>`,
    `<service name="ATMWebSvr"><port name="ATMWebSvrPort" binding="tns:ATMWebSvrBinding"><soap:address location="${location.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"/></port></service>`,
    '</definitions>',
  ].join('');
}
