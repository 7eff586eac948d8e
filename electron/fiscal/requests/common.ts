// Building blocks for the emission request schemas. The API description marks almost every
// field nullable, so optional fields accept null; patterns come from the XSDs the document must
// satisfy, so a body that passes here produces schema-valid XML.
import { z } from 'zod';
import { UF_SIGLAS } from '../uf';

export const UF_CODES = [
  11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 35, 41, 42, 43, 50, 51, 52, 53,
] as const;

export const str = (min: number, max: number) => z.string().min(min).max(max);
export const optStr = (min: number, max: number) => str(min, max).nullish();
export const pattern = (re: RegExp, label: string) =>
  z.string().regex(re, { message: `formato inválido (${label})` });
export const num = () => z.number().min(0);
export const optNum = () => num().nullish();
export const intIn = (values: readonly number[]) =>
  z
    .number()
    .int()
    .refine((v) => values.includes(v), { message: `valor não permitido (aceitos: ${values.join(', ')})` });
export const strIn = <T extends string>(values: readonly [T, ...T[]]) => z.enum(values);

export const uf = z.enum([...UF_SIGLAS, 'EX']);
export const ufSemEx = z.enum(UF_SIGLAS);
export const cUF = intIn(UF_CODES);
export const cMun = pattern(/^\d{7}$/, '7 dígitos');
export const cep = pattern(/^\d{8}$/, '8 dígitos');
export const cnpj = pattern(/^[A-Z0-9]{12}\d{2}$/, 'CNPJ com 14 posições');
export const cpf = pattern(/^\d{11}$/, 'CPF com 11 dígitos');
export const ieDest = pattern(/^(ISENTO|\d{0,14})$/, 'IE numérica ou ISENTO');
export const ie = pattern(/^\d{2,14}$/, 'IE numérica');
export const isuf = pattern(/^\d{8,9}$/, '8 ou 9 dígitos');
export const fone = pattern(/^\d{6,14}$/, '6 a 14 dígitos');
export const email = z
  .string()
  .max(60)
  .regex(/^[^@]+@[^.]+\..+$/, { message: 'e-mail inválido' });
export const chave = pattern(/^\d{6}[A-Z0-9]{12}\d{26}$/, 'chave de acesso com 44 posições');
export const cfop = pattern(/^[123567]\d{3}$/, 'CFOP de 4 dígitos');
export const date = pattern(/^\d{4}-\d{2}-\d{2}$/, 'AAAA-MM-DD');
export const dateTime = pattern(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  'data e hora ISO 8601 com fuso',
);
export const ambiente = z.enum(['homologacao', 'producao']);
export const referencia = z.string().max(50).nullish();

/** XSD choices "CNPJ or CPF": exactly one of them. */
export function oneDocument<T extends { CNPJ?: string | null; CPF?: string | null }>(
  value: T,
  ctx: z.RefinementCtx<T>,
): void {
  if (!value.CNPJ && !value.CPF) {
    ctx.addIssue({ code: 'custom', path: ['CNPJ'], message: 'informe CNPJ ou CPF' });
  } else if (value.CNPJ && value.CPF) {
    ctx.addIssue({ code: 'custom', path: ['CPF'], message: 'informe CNPJ ou CPF, não os dois' });
  }
}

/** The groups where the XSD offers a choice of one element (ICMS situations, documents…). */
export function exactlyOne(keys: readonly string[], label: string) {
  return <T extends object>(value: T, ctx: z.RefinementCtx<T>): void => {
    const record = value as Record<string, unknown>;
    const present = keys.filter((k) => record[k] !== undefined && record[k] !== null);
    if (present.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: present.length > 1 ? [present[1]!] : [],
        message: `informe exatamente um grupo de ${label} (${keys.join(', ')})`,
      });
    }
  };
}

/** Street to municipality, as the emitter addresses (CT-e, DC-e) write it: xLgr up to 60. */
export const logradouro = {
  xLgr: str(2, 60),
  nro: str(1, 60),
  xCpl: optStr(1, 60),
  xBairro: str(2, 60),
  cMun,
  xMun: str(2, 60),
};

export const endereco = z.strictObject({
  xLgr: str(2, 255),
  nro: str(1, 60),
  xCpl: optStr(1, 60),
  xBairro: str(2, 60),
  cMun,
  xMun: str(2, 60),
  CEP: cep.nullish(),
  UF: uf,
  cPais: pattern(/^\d{1,4}$/, 'código do país').nullish(),
  xPais: optStr(2, 60),
});
export type Endereco = z.infer<typeof endereco>;

export const obsCont = z.strictObject({ xCampo: str(1, 20), xTexto: str(1, 160) });
export const obsFisco = z.strictObject({ xCampo: str(1, 20), xTexto: str(1, 60) });

export const respTec = z.strictObject({
  CNPJ: cnpj,
  xContato: str(2, 60),
  email,
  fone: pattern(/^\d{7,12}$/, '7 a 12 dígitos'),
  idCSRT: z.number().int().min(0).max(999).nullish(),
  CSRT: z.string().nullish(),
  hashCSRT: z.string().max(28).nullish(),
});

export const autXML = z.strictObject({ CNPJ: cnpj.nullish(), CPF: cpf.nullish() }).superRefine(oneDocument);
