/**
 * `@uapqa/ui/router-testing`: the in-memory router of the component tests, kept out of
 * `@uapqa/ui/router` so the shared routing chunk carries no test-only code. Not shared by
 * Module Federation: never import it from application code.
 */
export { MemoryRouter } from 'react-router';
