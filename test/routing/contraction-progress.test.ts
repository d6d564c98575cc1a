// The contract phase of a map's load: the profiles' shares of nodes contracted, weighted by their sizes, shown
// only once every profile's import is done.
import t from 'tap';
import { ContractionProgress } from '../../src/routing/load/contraction-progress.js';

t.test('the contract phase shows nothing until every import is done, then the share of all nodes contracted', async (t) => {
  const reported: Array<[string, number]> = [];
  const progress = new ContractionProgress((phase, fraction) => reported.push([phase, fraction]));
  const auto = progress.part(300);
  auto(0.5);
  t.same(reported, [], 'held while the next profile imports');
  const truck = progress.part(100);
  progress.release();
  truck(1);
  auto(1);
  t.same(reported, [['contract', 0.375], ['contract', 0.625], ['contract', 1]]);
});
