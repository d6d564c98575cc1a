import t from 'tap';
import { NodeControl, nodeControlOf } from '../../src/map/graph/node-control.js';

t.test('signals, signs and turning places are read from highway=* on nodes', async (t) => {
  t.equal(nodeControlOf({ highway: 'traffic_signals' }), NodeControl.TrafficSignals);
  t.equal(nodeControlOf({ highway: 'stop' }), NodeControl.Stop);
  t.equal(nodeControlOf({ highway: 'give_way' }), NodeControl.GiveWay);
  for (const highway of ['turning_circle', 'turning_loop', 'mini_roundabout']) {
    t.equal(nodeControlOf({ highway }), NodeControl.TurningPlace, highway);
  }
  t.equal(nodeControlOf({ highway: 'crossing' }), 0);
  t.equal(nodeControlOf({ barrier: 'gate' }), 0);
});

t.test('a turning place is too small for trucks only when its tagged diameter says so', async (t) => {
  t.equal(nodeControlOf({ highway: 'turning_circle', diameter: '15' }), NodeControl.TurningPlace | NodeControl.SmallTurningPlace);
  t.equal(nodeControlOf({ highway: 'turning_circle', diameter: '30 m' }), NodeControl.TurningPlace);
  t.equal(nodeControlOf({ highway: 'turning_circle', diameter: 'large' }), NodeControl.TurningPlace);
});
