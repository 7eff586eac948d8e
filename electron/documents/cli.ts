// npm run render -- <entrada.xml> <saida.pdf|saida.html> [--logo <arquivo.png|jpg>] [--cancelado] [--evento <evento.xml>]
// Entrada: CT-e, CT-e OS, DC-e, MDF-e (mdfeProc, MDFe) ou um evento deles; --evento junta eventos ao documento.
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../shared/errors';
import { MAX_XML_CHARS } from './parse/xml';
import { ChromiumPdfEngine } from './pdf';
import { renderDocumentHtml } from './render';

const USAGE =
  'Uso: npm run render -- <entrada.xml> <saida.pdf|saida.html> [--logo <logo.png|jpg>] [--cancelado] [--evento <evento.xml>]';

const MAX_LOGO_BYTES = 2 * 1024 * 1024;

const argsSchema = z.object({
  input: z.string().min(1),
  output: z.string().regex(/\.(pdf|html?)$/i, 'O arquivo de saída deve terminar em .pdf ou .html.'),
  logo: z.string().optional(),
  cancelled: z.boolean(),
  events: z.array(z.string()),
});
type CliArgs = z.infer<typeof argsSchema>;

export function parseArgs(argv: string[]): CliArgs {
  const positional: string[] = [];
  let logo: string | undefined;
  let cancelled = false;
  const events: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--'))
        throw new AppError('cli_args', `Falta o arquivo depois de ${arg}.\n${USAGE}`);
      return next;
    };
    if (arg === '--logo') logo = value();
    else if (arg === '--evento') events.push(value());
    else if (arg === '--cancelado') cancelled = true;
    else if (arg.startsWith('--')) throw new AppError('cli_args', `Opção desconhecida: ${arg}.\n${USAGE}`);
    else positional.push(arg);
  }
  if (positional.length !== 2)
    throw new AppError('cli_args', `Informe o XML de entrada e o arquivo de saída.\n${USAGE}`);
  const parsed = argsSchema.safeParse({
    input: positional[0],
    output: positional[1],
    logo,
    cancelled,
    events,
  });
  if (!parsed.success)
    throw new AppError('cli_args', `${parsed.error.issues[0]?.message ?? 'Argumentos inválidos.'}\n${USAGE}`);
  return parsed.data;
}

async function readXml(file: string): Promise<string> {
  const info = await stat(file).catch((error: unknown) => {
    throw new AppError('cli_input', `Não foi possível abrir o arquivo ${file}.`, { detail: String(error) });
  });
  if (!info.isFile()) throw new AppError('cli_input', `${file} não é um arquivo.`);
  if (info.size > MAX_XML_CHARS * 4) {
    throw new AppError('xml_too_large', `O arquivo ${file} é grande demais para ser um documento fiscal.`);
  }
  return readFile(file, 'utf8');
}

export async function logoDataUrl(file: string): Promise<string> {
  const bytes = await readFile(file).catch((error: unknown) => {
    throw new AppError('cli_logo', `Não foi possível abrir o logotipo ${file}.`, { detail: String(error) });
  });
  if (bytes.length > MAX_LOGO_BYTES)
    throw new AppError('cli_logo', 'O logotipo passa de 2 MB; use uma imagem menor.');
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isPng && !isJpeg) throw new AppError('cli_logo', 'O logotipo deve ser uma imagem PNG ou JPEG.');
  return `data:image/${isPng ? 'png' : 'jpeg'};base64,${bytes.toString('base64')}`;
}

export async function runCli(argv: string[]): Promise<string> {
  const args = parseArgs(argv);
  const xml = await readXml(args.input);
  const events = await Promise.all(args.events.map(readXml));
  const logo = args.logo === undefined ? undefined : await logoDataUrl(args.logo);
  const result = renderDocumentHtml(xml, { logoDataUrl: logo, cancelled: args.cancelled, events });
  if (/\.html?$/i.test(args.output)) {
    await writeFile(args.output, result.html, 'utf8');
  } else {
    const engine = new ChromiumPdfEngine();
    try {
      await writeFile(args.output, await engine.htmlToPdf(result.html));
    } finally {
      await engine.close();
    }
  }
  const sheets = result.pages === 1 ? '1 folha' : `${result.pages} folhas`;
  return `Gerado ${path.resolve(args.output)} (${result.kind}, ${sheets}).`;
}

const invokedDirectly = process.argv[1] !== undefined && /cli\.[cm]?[jt]s$/.test(process.argv[1]);
if (invokedDirectly) {
  runCli(process.argv.slice(2)).then(
    (message) => {
      console.log(message);
    },
    (error: unknown) => {
      if (error instanceof AppError) {
        console.error(`Erro: ${error.message}`);
        if (error.detail) console.error(`Detalhe: ${error.detail}`);
      } else {
        console.error(`Erro inesperado: ${error instanceof Error ? error.message : String(error)}`);
      }
      process.exitCode = 1;
    },
  );
}
