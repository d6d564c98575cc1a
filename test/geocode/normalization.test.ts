import t from 'tap';
import { abbreviationsFor, canonicalOfMisspelt, canonicalWord } from '../../src/geocode/text/abbreviations.js';
import { boundedEditDistance } from '../../src/geocode/text/edit-distance.js';
import { houseNumberAgreement, mappedHouseNumbers, parseHouseNumber } from '../../src/geocode/text/house-number.js';
import { nameWords, parseQuery } from '../../src/geocode/query/query-parser.js';
import { foldedWords, foldText } from '../../src/geocode/text/text-folding.js';
import { WordMatcher } from '../../src/geocode/index/word-matcher.js';

const noPostcodes = () => false;

t.test('folding removes case and diacritics and spells ß, æ and ø out', async (t) => {
  t.equal(foldText('Äulestraße'), 'aulestrasse');
  t.equal(foldText('ÉZE Plaça'), 'eze placa');
  t.equal(foldText('Øster Bælt'), 'oster baelt');
  t.same(foldedWords("Cap-d'Ail, 7-9 Rue"), ['cap', 'd', 'ail', '7-9', 'rue']);
});

t.test('abbreviations of a country meet the words they abbreviate', async (t) => {
  const german = abbreviationsFor('LI');
  t.equal(canonicalWord('str', german), canonicalWord('strasse', german));
  t.equal(canonicalWord('hauptstr', german), 'hauptstrasse', 'an abbreviated compound expands');
  const english = abbreviationsFor('US');
  t.same(nameWords('North Charles Street', 'US'), nameWords('N Charles St', 'US'));
  t.same(nameWords('Saint Paul Street', 'US'), nameWords('St. Paul St.', 'US'), 'St is Saint and Street alike');
  t.equal(canonicalWord('blvd', english), canonicalWord('boulevard', english));
  t.same(nameWords('Boulevard des Moulins', 'MC'), nameWords('Bd des Moulins', 'MC'));
  t.same(nameWords('Avenue de la Costa', 'MC'), nameWords('Av. de la Costa', 'MC'));
  t.same(nameWords('Carrer de la Unió', 'AD'), nameWords('C/ de la Unio', 'AD'));
  t.same(nameWords('Carretera General', 'AD'), nameWords('Ctra. General', 'AD'));
});

t.test('a misspelt street type still finds its canonical word, a short or unknown word does not', async (t) => {
  t.equal(canonicalOfMisspelt('avneue', 'US', 1), 'ave');
  t.equal(canonicalOfMisspelt('impmsse', 'FR', 1), 'imp');
  t.equal(canonicalOfMisspelt('cagrretera', 'AD', 2), 'ctra');
  t.equal(canonicalOfMisspelt('charles', 'US', 1), undefined);
  t.equal(canonicalOfMisspelt('avneue', 'US', 0), undefined, 'no edits allowed, no guess');
});

t.test('house numbers are read with suffixes, ranges and lists', async (t) => {
  t.same(parseHouseNumber('7a'), { written: '7a', text: '7a', value: 7 });
  t.same(parseHouseNumber('7-9'), { written: '7-9', text: '7-9', value: 7 });
  t.equal(parseHouseNumber('main'), undefined);
  t.same(mappedHouseNumbers('7; 9 B').map((n) => n.text), ['7', '9b']);
  const [seven, sevenA, eight] = ['7', '7a', '8'].map((written) => parseHouseNumber(written)!);
  t.equal(houseNumberAgreement(sevenA!, sevenA!), 1);
  t.ok(houseNumberAgreement(sevenA!, seven!) < 1, 'the bare number answers 7a less well');
  t.equal(houseNumberAgreement(eight!, seven!), 0);
});

t.test('US house numbers keep their written form and meet the same number written another way', async (t) => {
  const forms: [string, string, number][] = [
    ['9 1/2', '9½', 9], ['9½', '9½', 9], ['135 REAR', '135rear', 135], ['230 REAR-A', '230reara', 230], ['275 A', '275a', 275],
    ['275A', '275a', 275], ['723-B', '723b', 723], ['6800 E', '6800e', 6800], ['118-120', '118-120', 118], ['7/1', '7/1', 7],
  ];
  for (const [written, text, value] of forms) t.same(parseHouseNumber(written), { written, text, value }, written);
  t.same(mappedHouseNumbers('7;9').map((n) => n.written), ['7', '9']);
  const numberOf = (query: string) => parseQuery(query, 'US', () => false).map((reading) => reading.houseNumber?.text);
  t.ok(numberOf('9 1/2 Jane Street').includes('9½'), 'a half is part of the number, not a 1 and a 2');
  t.ok(numberOf('135 Rear Main Street').includes('135rear'));
  t.ok(numberOf('230 Rear-A Main Street').includes('230reara'));
  t.ok(numberOf('275 A Main Street').includes('275a'));
  t.same(numberOf('6800 E Main Street').sort(), ['6800', '6800e'], 'a letter that may be East is read both ways');
  t.same(numberOf("2903 O'Donnell Street").sort(), ['2903', '2903o'], 'so is a letter that may begin the name');
  t.ok(numberOf('6725 R Main Street').includes('6725r'));
  t.same(parseQuery('118-120 Main Street', 'US', () => false)[0]!.houseNumber?.text, '118-120');
  for (const unit of ['Apt 4B', 'Unit 3', '#12', 'Suite 200']) {
    const readings = parseQuery(`12 Main Street ${unit}, Baltimore`, 'US', () => false);
    t.same(readings.map((reading) => [reading.houseNumber?.text, reading.words]), [['12', ['main', 'st', 'baltimore']]], `${unit} is a unit, not the number`);
  }
});

t.test('a query yields the same reading whatever the order of its parts', async (t) => {
  const isPostcode = (word: string) => word === '9490';
  const forms = ['Landstrasse 10, 9490 Vaduz', '10 Landstrasse Vaduz 9490', 'Vaduz 9490, Landstr. 10', 'LANDSTRASSE 10 VADUZ 9490'];
  const readings = forms.map((form) => parseQuery(form, 'LI', isPostcode));
  for (const reading of readings) {
    t.equal(reading.length, 1);
    t.same(reading[0]!.houseNumber, { written: '10', text: '10', value: 10 });
    t.equal(reading[0]!.postcode, '9490');
    t.same([...reading[0]!.words].sort(), ['landstrasse', 'vaduz']);
  }
});

t.test('a house number written apart from its letter is one number', async (t) => {
  t.same(parseQuery('Hauptstrasse 7 a', 'LI', noPostcodes)[0]!.houseNumber, { written: '7a', text: '7a', value: 7 });
  t.same(parseQuery('12 E Baltimore St', 'US', noPostcodes)[0]!.houseNumber, { written: '12', text: '12', value: 12 }, 'but not with a directional');
});

t.test('flat, unit and apartment numbers are dropped as noise', async (t) => {
  for (const text of ['12 Main St Apt 4', '12 Main St #4', '12 Main St, Unit 4B', 'Main St 12, Wohnung 4']) {
    const [reading] = parseQuery(text, 'US', noPostcodes);
    t.same(reading!.words, ['main', 'st'], text);
    t.equal(reading!.houseNumber?.text, '12', text);
  }
});

t.test('a street name with a number in it gives one reading per possible house number', async (t) => {
  const readings = parseQuery('Avenue du 3 Septembre 126', 'MC', noPostcodes);
  t.same(readings.map((reading) => reading.houseNumber?.text), ['3', '126']);
  t.same(readings[1]!.words, ['av', 'du', '3', 'septembre']);
  t.same(parseQuery('123 1st St', 'US', noPostcodes)[0]!.houseNumber?.text, '123', 'an ordinal is a name, not a number');
});

t.test('a number that names a street also gets a reading without a house number', async (t) => {
  const readings = parseQuery('Pier 4, Baltimore', 'US', noPostcodes, (word) => word === '4');
  t.same(readings.map((reading) => reading.houseNumber?.text), ['4', undefined]);
  t.same(readings[1]!.words, ['pier', '4', 'baltimore']);
  t.equal(parseQuery('Pier 4, Baltimore', 'US', noPostcodes).length, 1, 'not when no name has that number');
});

t.test('a unit marker that starts a name is a word, not noise', async (t) => {
  t.same(parseQuery('Escalier de Corinthille', 'FR', noPostcodes)[0]!.words, ['escalier', 'de', 'corinthille']);
  t.same(parseQuery('12 Rue X, escalier B', 'FR', noPostcodes)[0]!.words, ['r', 'x']);
});

t.test('a ZIP+4 code is its five-digit postcode', async (t) => {
  t.equal(parseQuery('1 Main St 21201-1234', 'US', (word) => word === '21201')[0]!.postcode, '21201');
});

t.test('edit distance counts a swap of two letters as one edit and gives up beyond its limit', async (t) => {
  t.equal(boundedEditDistance('pardiel', 'paridel', 2), 1);
  t.equal(boundedEditDistance('vaduz', 'vadz', 2), 1);
  t.equal(boundedEditDistance('schaan', 'triesen', 2), 3, 'beyond the limit it answers limit + 1');
});

t.test('fuzzy matches are bounded by word length and exact matches win', async (t) => {
  const matcher = new WordMatcher();
  const words = ['landstrasse', 'lindenweg', 'vaduz', 'vaduzer', 'st'].map((word) => matcher.add(word));
  t.same(matcher.match('vaduz'), [{ word: words[2], quality: 1 }], 'an exact match is not blurred by near words');
  t.same(matcher.match('vadus').map((m) => m.word), [words[2]], 'one edit in a five-letter word');
  t.same(matcher.match('lanstrase').map((m) => m.word), [words[0]], 'two edits in a long word');
  t.same(matcher.match('vdz'), [], 'no guessing for words under four letters');
  t.same(matcher.match('vaxyz'), [], 'two edits are too many for a short word');
  t.same(matcher.match('sx'), []);
});
