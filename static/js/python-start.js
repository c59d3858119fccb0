// Starts the page's Python worker at once. lab.js also needs the editor bundle, which is
// large; loading Python should not wait for it.
import { getPython } from "./python-client.js";

getPython();
