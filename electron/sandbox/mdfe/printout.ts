// PDFs of /mdfe: the DAMDFE and the event printouts. The one place that turns an MDF-e XML into a
// PDF: the app's renderer (electron/documents, the same DAMDFE the app prints) through the
// sandbox's PDF engine, with the manifest's registered events so a closed or cancelled MDF-e is
// marked; the plain PDF below (real data, no placeholders) answers when no engine runs, as for CT-e.
import { logoDataUrl } from '../pdf-engine';
import type { SandboxContext } from '../context';

const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
const one = (xml: string, tag: string) => all(xml, tag)[0] ?? '-';

/** What a person needs to read off an MDF-e or one of its events, line by line. */
export function mdfeLines(xml: string, extra: { status: string; homologacao: boolean }): string[] {
  const isEvent = xml.includes('<eventoMDFe');
  const header = isEvent
    ? [
        `Evento ${one(xml, 'tpEvento')} - ${one(xml, 'descEvento')} (sequência ${one(xml, 'nSeqEvento')})`,
        `Chave do MDF-e: ${one(xml, 'chMDFe')}`,
        `Registro: ${one(xml, 'dhRegEvento')}  Protocolo: ${all(xml, 'nProt').at(-1) ?? '-'}`,
        `${one(xml, 'cStat')} - ${all(xml, 'xMotivo').at(-1) ?? '-'}`,
        ...all(xml, 'xJust').map((j) => `Justificativa: ${j}`),
        ...all(xml, 'dtEnc').map((d) => `Encerramento em ${d}, município ${one(xml, 'cMun')}`),
        ...all(xml, 'xNome').map((n, i) => `Condutor: ${n} (CPF ${all(xml, 'CPF')[i] ?? '-'})`),
        ...all(xml, 'chNFe').map((k) => `NF-e incluída: ${k}`),
      ]
    : [
        `Chave de acesso: ${one(xml, 'chMDFe') === '-' ? (/Id="MDFe(\w{44})"/.exec(xml)?.[1] ?? '-') : one(xml, 'chMDFe')}`,
        `Modelo 58  Série ${one(xml, 'serie')}  Número ${one(xml, 'nMDF')}  Emissão ${one(xml, 'dhEmi')}`,
        `Emitente: ${one(xml, 'xNome')}`,
        `Percurso: ${[one(xml, 'UFIni'), ...all(xml, 'UFPer'), one(xml, 'UFFim')].join(' > ')}`,
        `Veículos: ${all(xml, 'placa').join(', ')}`,
        ...[...xml.matchAll(/<condutor><xNome>([^<]*)<\/xNome><CPF>(\d+)<\/CPF>/g)].map(
          (m) => `Condutor: ${m[1]} (CPF ${m[2]})`,
        ),
        `CT-e: ${all(xml, 'chCTe').length}  NF-e: ${all(xml, 'chNFe').length}  Valor da carga: R$ ${one(xml, 'vCarga').replace('.', ',')}`,
        ...all(xml, 'chCTe').map((k) => `CT-e ${k}`),
        ...all(xml, 'chNFe').map((k) => `NF-e ${k}`),
        `Protocolo: ${one(xml, 'nProt')}  Situação: ${extra.status}`,
        `Consulta: ${one(xml, 'qrCodMDFe').replace(/&amp;/g, '&')}`,
      ];
  return [...header, ...(extra.homologacao ? ['EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL'] : [])];
}

export async function printMdfe(
  ctx: SandboxContext,
  input: {
    xml: string;
    title: string;
    status: string;
    homologacao: boolean;
    cpfCnpj: string;
    logotipo: boolean;
    /** procEventoMDFe of the manifest's registered events (closing, cancellation, inclusions). */
    events?: string[];
  },
): Promise<Buffer> {
  const logo = input.logotipo ? await ctx.companies.getLogo(input.cpfCnpj) : null;
  const rich = await ctx.printer.print(input.xml, {
    logoDataUrl: logoDataUrl(logo),
    cancelled: input.status === 'cancelado' && !input.xml.includes('<eventoMDFe'),
    events: input.events ?? [],
  });
  return (
    rich ??
    (await ctx.pdf.render({
      title: input.title,
      lines: mdfeLines(input.xml, input),
      logo: logo?.data ?? null,
    }))
  );
}
