// Prints a child process's output line by line, each line through `print` (the test scripts put
// their tier's or shard's name in front), so the output of tiers running side by side interleaves
// by whole lines.
export function printLines(streams, print) {
  for (const stream of streams) {
    let pending = '';
    stream.on('data', (chunk) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach((line) => print(line));
    });
    stream.on('end', () => pending && print(pending));
  }
}
