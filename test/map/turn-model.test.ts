import t from 'tap';
import { RoadClass } from '../../src/map/profiles/road-class.js';
import { NodeControl } from '../../src/map/graph/node-control.js';
import { AUTO_TURNS, TRUCK_TURNS, turnAngle, turnCostMs, uTurnAllowed, type Turn } from '../../src/map/graph/turn-model.js';

/** A turn at an ordinary four-way junction of residential streets, changed by `overrides`. */
function turn(overrides: Partial<Turn>): Turn {
  return {
    angle: 0, uTurn: false, roadsAtNode: 4, control: 0,
    fromClass: RoadClass.Residential, biggestOtherClass: RoadClass.Residential, ...overrides,
  };
}

t.test('turn angles are signed, positive to the right, and wrap around north', async (t) => {
  t.equal(turnAngle(0, 90), 90);
  t.equal(turnAngle(0, 270), -90);
  t.equal(turnAngle(350, 10), 20);
  t.equal(turnAngle(10, 350), -20);
  t.equal(turnAngle(90, 270), 180);
});

t.test('going straight on is almost free and a right angle costs seconds', async (t) => {
  t.ok(turnCostMs(turn({ angle: 0 }), 'right', AUTO_TURNS) < 50);
  const right = turnCostMs(turn({ angle: 90 }), 'right', AUTO_TURNS);
  t.ok(right > 1500 && right < 2500, `right turn ${right} ms`);
});

t.test('the turn across oncoming traffic costs more, mirrored by the driving side', async (t) => {
  const leftWhereRight = turnCostMs(turn({ angle: -90 }), 'right', AUTO_TURNS);
  const rightWhereRight = turnCostMs(turn({ angle: 90 }), 'right', AUTO_TURNS);
  t.ok(leftWhereRight > 2 * rightWhereRight, `left ${leftWhereRight} vs right ${rightWhereRight} ms`);
  t.equal(turnCostMs(turn({ angle: 90 }), 'left', AUTO_TURNS), leftWhereRight, 'right turn where traffic keeps left');
  t.equal(turnCostMs(turn({ angle: -90 }), 'left', AUTO_TURNS), rightWhereRight);
});

t.test('a bend where only two roads meet costs nothing', async (t) => {
  t.equal(turnCostMs(turn({ angle: -90, roadsAtNode: 2 }), 'right', AUTO_TURNS), 0);
});

t.test('trucks pay more than cars for sharp turns only', async (t) => {
  t.equal(turnCostMs(turn({ angle: 90 }), 'right', TRUCK_TURNS), turnCostMs(turn({ angle: 90 }), 'right', AUTO_TURNS));
  const sharpCar = turnCostMs(turn({ angle: -150 }), 'right', AUTO_TURNS);
  const sharpTruck = turnCostMs(turn({ angle: -150 }), 'right', TRUCK_TURNS);
  t.ok(Math.abs(sharpTruck - 2 * sharpCar) <= 1, `truck ${sharpTruck} ms, car ${sharpCar} ms (rounded to the ms)`);
});

t.test('U-turns are refused mid-network and allowed at dead ends and turning places, with a penalty', async (t) => {
  t.equal(turnCostMs(turn({ angle: 180, uTurn: true }), 'right', AUTO_TURNS), -1, 'ordinary junction');
  t.equal(turnCostMs(turn({ angle: 180, uTurn: true, roadsAtNode: 2 }), 'right', AUTO_TURNS), -1, 'middle of a way');
  const deadEnd = turnCostMs(turn({ angle: 180, uTurn: true, roadsAtNode: 1 }), 'right', AUTO_TURNS);
  t.ok(deadEnd >= 20_000 && deadEnd < 30_000, `dead end ${deadEnd} ms`);
  t.ok(uTurnAllowed({ roadsAtNode: 3, control: NodeControl.TurningPlace }, AUTO_TURNS));
});

t.test('trucks never turn back at a turning place tagged too small, even at a dead end', async (t) => {
  const small = NodeControl.TurningPlace | NodeControl.SmallTurningPlace;
  t.notOk(uTurnAllowed({ roadsAtNode: 2, control: small }, TRUCK_TURNS));
  t.notOk(uTurnAllowed({ roadsAtNode: 1, control: small }, TRUCK_TURNS));
  t.ok(uTurnAllowed({ roadsAtNode: 2, control: small }, AUTO_TURNS));
  t.ok(uTurnAllowed({ roadsAtNode: 2, control: NodeControl.TurningPlace }, TRUCK_TURNS));
  t.ok(uTurnAllowed({ roadsAtNode: 1, control: 0 }, TRUCK_TURNS), 'an untagged dead end');
});

t.test('crossing a bigger road from a minor one waits for a gap unless a signal orders the junction', async (t) => {
  const across = turn({ angle: 0, fromClass: RoadClass.Residential, biggestOtherClass: RoadClass.Primary });
  const plain = turnCostMs(turn({ angle: 0 }), 'right', AUTO_TURNS);
  t.equal(turnCostMs(across, 'right', AUTO_TURNS) - plain, 4000);
  t.equal(turnCostMs({ ...across, control: NodeControl.TrafficSignals }, 'right', AUTO_TURNS), plain);
  const ontoKerbSide = turn({ angle: 90, biggestOtherClass: RoadClass.Primary });
  t.equal(turnCostMs(ontoKerbSide, 'right', AUTO_TURNS), turnCostMs(turn({ angle: 90 }), 'right', AUTO_TURNS), 'joining on the kerb side crosses nothing');
  const fromMajor = turn({ angle: 0, fromClass: RoadClass.Primary, biggestOtherClass: RoadClass.Residential });
  t.equal(turnCostMs(fromMajor, 'right', AUTO_TURNS), plain, 'the major road has the right of way');
});

t.test('stop and give-way signs bind the minor approaches only', async (t) => {
  const plain = turnCostMs(turn({ angle: 0 }), 'right', AUTO_TURNS);
  t.equal(turnCostMs(turn({ angle: 0, control: NodeControl.Stop }), 'right', AUTO_TURNS) - plain, 3000, 'all-way stop');
  t.equal(turnCostMs(turn({ angle: 0, control: NodeControl.GiveWay }), 'right', AUTO_TURNS) - plain, 1500);
  const major = turn({ angle: 0, control: NodeControl.Stop, fromClass: RoadClass.Primary, biggestOtherClass: RoadClass.Primary });
  const majorThrough = { ...major, biggestOtherClass: RoadClass.Residential };
  t.equal(turnCostMs(majorThrough, 'right', AUTO_TURNS), plain, 'the major road does not stop');
});
