// getTBSCertificate exists in node-forge (lib/x509.js) but is missing from its type definitions.
import 'node-forge';

declare module 'node-forge' {
  namespace pki {
    function getTBSCertificate(cert: Certificate): asn1.Asn1;
  }
}
