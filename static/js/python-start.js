// Starts the page's Python worker at once. lab.js also needs the editor bundle, which is
// large; loading Python should not wait for it.
// Exports the page's Python client too: a script on the page that imports this module (the
// bench's page, a test) reaches the same client, not a second one.
import { getPython } from "./python-client.js";

getPython();

export { getPython };
