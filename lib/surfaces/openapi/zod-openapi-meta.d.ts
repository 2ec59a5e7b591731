// zod-openapi's keys in zod's `.meta()` (`id`, `override`, `param`, …) are typed for every schema
// in the repository, wherever it is declared.
import "zod-openapi";
