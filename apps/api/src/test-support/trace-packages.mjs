// Loaded with `node --import` by a test: notes every third-party package the process resolves and
// prints the list on exit ("packages resolved: a b c"), so a test can tell what start-up loaded.
import { registerHooks } from 'node:module';

const resolved = new Set();
registerHooks({
  resolve(specifier, context, next) {
    if (!/^(\.|\/|node:|file:|data:)/.test(specifier)) {
      const parts = specifier.split('/');
      resolved.add(parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    }
    return next(specifier, context);
  },
});
process.on('exit', () => process.stderr.write(`\npackages resolved: ${[...resolved].sort().join(' ')}\n`));
