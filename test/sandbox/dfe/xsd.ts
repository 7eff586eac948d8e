// XSD validation of generated XML with libxml2-wasm, reading the official schemas from ../shared.
// The schema is parsed with its file path as URL so its xs:include/xs:import resolve from disk.
import { readFileSync } from 'node:fs';
import { XmlDocument, XmlValidateError, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import { fiscalRef } from '../../support/shared';

let registered = false;
const cache = new Map<string, XsdValidator>();

export const CTE_XSD = (name: string) => fiscalRef('nfephp-org_sped-cte', 'schemes', 'PL_CTe_400_RTC', name);
export const DCE_XSD = (name: string) =>
  fiscalRef('edsontmarques_ACBr', 'Exemplos', 'ACBrDFe', 'Schemas', 'DCe', name);

function validatorFor(xsdPath: string): XsdValidator {
  if (!registered) {
    xmlRegisterFsInputProviders();
    registered = true;
  }
  let v = cache.get(xsdPath);
  if (!v) {
    const schemaDoc = XmlDocument.fromBuffer(readFileSync(xsdPath), { url: xsdPath });
    v = XsdValidator.fromDoc(schemaDoc);
    cache.set(xsdPath, v);
  }
  return v;
}

/** Null when valid, else the validation messages. */
export function xsdErrors(xml: string, xsdPath: string): string | null {
  const validator = validatorFor(xsdPath);
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return null;
  } catch (err) {
    if (err instanceof XmlValidateError)
      return err.details.map((d) => `${d.line}: ${d.message.trim()}`).join('\n');
    throw err;
  } finally {
    doc.dispose();
  }
}

/** The first element with this local name, re-serialized standalone with its namespace. */
export function extractElement(xml: string, localName: string): string {
  const m = new RegExp(`<${localName}[ >][\\s\\S]*?</${localName}>`).exec(xml);
  if (!m) throw new Error(`sem ${localName}`);
  const el = m[0];
  return el.includes('xmlns=')
    ? el
    : el.replace(`<${localName}`, `<${localName} xmlns="http://www.portalfiscal.inf.br/cte"`);
}
