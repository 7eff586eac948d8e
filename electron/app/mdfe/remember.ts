// Remembers the trip's vehicles and drivers from an authorized MDF-e's infMDFe (the rodo modal:
// veicTracao with its condutor list, veicReboque), and where its freight is received (infPag/
// infBanc), so the next form offers them. Values that do not pass the registries' own schema are
// skipped, never half-saved.
import type { PayeeRepository } from '../../cache/repositories/payees';
import type { RegistryRepository } from '../../cache/repositories/registries';
import { driverSchema, vehicleSchema } from '../../shared/schemas/mdfe';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const str = (v: unknown): string | null =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : null;
const num = (v: unknown): number | null =>
  typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : null;

function owner(prop: Json | null) {
  if (!prop) return null;
  return {
    cpfCnpj: str(prop.CNPJ) ?? str(prop.CPF) ?? '',
    nome: str(prop.xNome) ?? '',
    rntrc: str(prop.RNTRC) ?? '',
    ie: str(prop.IE),
    uf: str(prop.UF) ?? '',
    tpProp: str(prop.tpProp) ?? '2',
  };
}

function vehicle(v: Json, tipo: 'tracao' | 'reboque') {
  return {
    placa: str(v.placa) ?? '',
    tipo,
    renavam: str(v.RENAVAM),
    tara: num(v.tara),
    capKg: num(v.capKG),
    capM3: num(v.capM3),
    tpRod: tipo === 'tracao' ? str(v.tpRod) : null,
    tpCar: str(v.tpCar) ?? '00',
    uf: str(v.UF) ?? '',
    proprietario: owner(obj(v.prop)),
  };
}

export async function rememberTrip(
  registries: RegistryRepository,
  company: string,
  infMDFe: unknown,
): Promise<{ vehicles: number; drivers: number }> {
  const rodo = obj(obj(obj(infMDFe)?.infModal)?.rodo);
  if (!rodo) return { vehicles: 0, drivers: 0 };
  const tracao = obj(rodo.veicTracao);
  const candidates = [
    ...(tracao ? [vehicle(tracao, 'tracao')] : []),
    ...arr(rodo.veicReboque).flatMap((r) => (obj(r) ? [vehicle(obj(r)!, 'reboque')] : [])),
  ];
  let vehicles = 0;
  for (const candidate of candidates) {
    const parsed = vehicleSchema.safeParse(candidate);
    if (!parsed.success) continue;
    await registries.saveVehicle(company, parsed.data, true);
    vehicles++;
  }
  let drivers = 0;
  for (const c of arr(tracao?.condutor)) {
    const parsed = driverSchema.safeParse({ cpf: str(obj(c)?.CPF) ?? '', nome: str(obj(c)?.xNome) ?? '' });
    if (!parsed.success) continue;
    await registries.saveDriver(company, parsed.data, true);
    drivers++;
  }
  return { vehicles, drivers };
}

/** Who receives the freight of an infPag: given by the form, else the issuer itself. */
export interface Recebedor {
  cpfCnpj: string;
  nome: string;
}

/**
 * Remembers where each payment of an authorized MDF-e's infANTT/infPag is received (infBanc: banco
 * and agência, or PIX), by who receives it: `recebedores[i]` when the form named one, else the
 * issuer (a carrier paid into its own account). An infBanc with only a CNPJIPEF is not remembered.
 */
export async function rememberPayees(
  payees: PayeeRepository,
  company: string,
  infMDFe: unknown,
  recebedores: readonly (Recebedor | null | undefined)[] = [],
): Promise<number> {
  const inf = obj(infMDFe);
  const emit = obj(inf?.emit);
  const issuer = { cpfCnpj: str(emit?.CNPJ) ?? str(emit?.CPF) ?? company, nome: str(emit?.xNome) ?? '' };
  const pags = arr(obj(obj(obj(inf?.infModal)?.rodo)?.infANTT)?.infPag);
  let saved = 0;
  for (const [i, p] of pags.entries()) {
    const banc = obj(obj(p)?.infBanc);
    const pix = str(banc?.PIX) ?? '';
    const banco = str(banc?.codBanco) ?? '';
    const agencia = str(banc?.codAgencia) ?? '';
    if (!pix && !(banco && agencia)) continue;
    const given = recebedores[i];
    const who = given && given.cpfCnpj ? given : issuer;
    await payees.save(company, { cpfCnpj: who.cpfCnpj, nome: who.nome, banco, agencia, pix });
    saved++;
  }
  return saved;
}
