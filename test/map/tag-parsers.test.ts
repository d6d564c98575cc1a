import t from 'tap';
import { parseDurationSeconds, parseLengthMeters, parseMaxspeed, parseOneway, parseWeightTonnes } from '../../src/map/profiles/tag-parsers.js';

t.test('maxspeed values are read in km/h, including mph, walk, none and zone codes', async (t) => {
  t.equal(parseMaxspeed('50'), 50);
  t.equal(parseMaxspeed('30 mph'), 30 * 1.609344);
  t.equal(parseMaxspeed('20mph'), 20 * 1.609344);
  t.equal(parseMaxspeed('walk'), 7);
  t.equal(parseMaxspeed('none'), 140);
  t.equal(parseMaxspeed('CH:rural'), 80);
  t.equal(parseMaxspeed('FR:urban'), 50);
  t.equal(parseMaxspeed('50;30'), 50);
  t.equal(parseMaxspeed('signals'), undefined);
  t.equal(parseMaxspeed(undefined), undefined);
});

t.test('oneway values map to forward, backward, both or unknown', async (t) => {
  for (const v of ['yes', '1', 'true']) t.equal(parseOneway(v), 1, v);
  t.equal(parseOneway('-1'), -1);
  t.equal(parseOneway('no'), 0);
  t.equal(parseOneway('reversible'), undefined);
});

t.test('ferry durations read ISO 8601, clock and minute forms', async (t) => {
  t.equal(parseDurationSeconds('PT1H30M'), 5400);
  t.equal(parseDurationSeconds('01:15'), 4500);
  t.equal(parseDurationSeconds('0:10:30'), 630);
  t.equal(parseDurationSeconds('45'), 2700);
  t.equal(parseDurationSeconds('soon'), undefined);
});

t.test('height and weight limits are read in metres and tonnes', async (t) => {
  t.equal(parseLengthMeters('3.5'), 3.5);
  t.equal(parseLengthMeters('3,8 m'), 3.8);
  t.ok(Math.abs(parseLengthMeters(`12'6"`)! - 3.81) < 0.01);
  t.equal(parseLengthMeters('default'), undefined);
  t.equal(parseWeightTonnes('7.5'), 7.5);
  t.equal(parseWeightTonnes('7500 kg'), 7.5);
  t.equal(parseWeightTonnes('heavy'), undefined);
});
