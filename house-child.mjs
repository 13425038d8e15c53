// node child.mjs <spec> [<spec>…]: cold import of the specs in order, constructs, prints JSON
const t0 = performance.now();
const c0 = process.cpuUsage();
const mods = [];
for (const spec of process.argv.slice(2)) mods.push(await import(spec));
const ms = performance.now() - t0;
const { user, system } = process.cpuUsage(c0);
const total = process.cpuUsage();
console.log(JSON.stringify({ ms, cpuMs: (user + system) / 1000, processCpuMs: (total.user + total.system) / 1000 }));
