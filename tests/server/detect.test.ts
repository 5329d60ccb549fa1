// @vitest-environment node
// Source-language detection of the pseudo-translator: short everyday phrases of every source
// language the server lists come back as that language.
import { describe, expect, it } from 'vitest';
import { DETECTABLE_LANGUAGES, detectLanguage } from '../../server/detect';
import { SOURCE_CODES } from '../../server/languages';

const PHRASES: Record<string, string[]> = {
  AR: ['مرحبا بالعالم', 'شكرا جزيلا', 'كيف حالك؟', 'صباح الخير', 'أين المحطة؟'],
  BG: ['Добро утро', 'Благодаря ви много', 'Как се казваш?', 'Къде е гарата?', 'Това е много хубаво', 'Не разбирам'],
  CS: ['Dobrý den', 'Děkuji mnohokrát', 'Jak se máš?', 'Kde je nádraží?', 'Nerozumím', 'To je moc hezké'],
  DA: ['Tak for maden', 'Hvad hedder du?', 'Hvor er toilettet?', 'Jeg taler lidt dansk', 'Det er meget koldt i dag', 'Godmorgen'],
  DE: ['Guten Morgen', 'Wie geht es dir?', 'Ich verstehe das nicht', 'Wo ist der Bahnhof?', 'Vielen Dank', 'Das ist nicht gut'],
  EL: ['Καλημέρα', 'Ευχαριστώ πολύ', 'Τι κάνεις;', 'Πού είναι ο σταθμός;', 'Καληνύχτα'],
  EN: ['Good morning', 'How are you?', 'Where is the station?', 'Thank you very much', "I don't understand", 'The weather is nice today'],
  ES: ['haz de protones', 'Buenos días', '¿Cómo estás?', 'Muchas gracias', '¿Dónde está la estación?', 'No entiendo'],
  ET: ['Tere hommikust', 'Aitäh', 'Kuidas läheb?', 'Kus on raudteejaam?', 'Ma ei saa aru', 'Head ööd'],
  FI: ['Hyvää huomenta', 'Kiitos paljon', 'Mitä kuuluu?', 'Missä on rautatieasema?', 'En ymmärrä', 'Hyvää yötä'],
  FR: ['faisceau de protons', 'Bonjour', 'Comment ça va ?', 'Merci beaucoup', 'Où est la gare ?', 'Je ne comprends pas', "S'il vous plaît"],
  HU: ['Jó reggelt', 'Köszönöm szépen', 'Hogy vagy?', 'Hol van a pályaudvar?', 'Nem értem', 'Jó éjszakát'],
  ID: ['Selamat pagi', 'Terima kasih banyak', 'Apa kabar?', 'Di mana stasiun kereta?', 'Saya tidak mengerti', 'Berapa harganya?'],
  IT: ['Buongiorno', 'Come stai?', 'Grazie mille', "Dov'è la stazione?", 'Non capisco', 'Questo è un libro della scuola'],
  JA: ['おはようございます', 'ありがとうございます', 'お元気ですか？', '駅はどこですか？', 'わかりません'],
  KO: ['안녕하세요', '감사합니다', '어떻게 지내세요?', '역이 어디에 있어요?', '잘 모르겠어요'],
  LT: ['Labas rytas', 'Labai ačiū', 'Kaip sekasi?', 'Kur yra traukinių stotis?', 'Aš nesuprantu', 'Laba diena'],
  LV: ['Labrīt', 'Liels paldies', 'Kā tev iet?', 'Kur ir dzelzceļa stacija?', 'Es nesaprotu', 'Labdien'],
  NB: ['Takk for maten', 'Hva heter du?', 'Hvor er toalettet?', 'Jeg snakker litt norsk', 'Det er veldig kaldt i dag', 'Ha det bra'],
  NL: ['Goedemorgen', 'Hoe gaat het met je?', 'Dank je wel', 'Waar is het station?', 'Ik begrijp het niet', 'Dit is een boek van de school'],
  PL: ['Dzień dobry', 'Dziękuję bardzo', 'Jak się masz?', 'Gdzie jest dworzec?', 'Nie rozumiem', 'Dobranoc'],
  PT: ['feixe de prótons', 'Bom dia', 'Muito obrigado', 'Como vai você?', 'Onde fica a estação?', 'Não entendo', 'Isto não é para você'],
  RO: ['Bună dimineața', 'Mulțumesc frumos', 'Ce mai faci?', 'Unde este gara?', 'Nu înțeleg', 'Noapte bună'],
  RU: ['Доброе утро', 'Большое спасибо', 'Как дела?', 'Где находится вокзал?', 'Я не понимаю', 'Привет, как дела?'],
  SK: ['Dobrý deň', 'Ďakujem pekne', 'Ako sa máš?', 'Kde je železničná stanica?', 'Nerozumiem', 'Dobrú noc'],
  SL: ['Dober dan', 'Hvala lepa', 'Kako si?', 'Kje je železniška postaja?', 'Ne razumem', 'Lahko noč'],
  SV: ['God morgon', 'Tack så mycket', 'Hur mår du?', 'Var ligger stationen?', 'Jag förstår inte', 'Vad heter du?'],
  TR: ['Günaydın', 'Çok teşekkür ederim', 'Nasılsın?', 'İstasyon nerede?', 'Anlamıyorum', 'İyi geceler'],
  UK: ['Доброго ранку', 'Дуже дякую', 'Як справи?', 'Де знаходиться вокзал?', 'Я не розумію', 'На добраніч'],
  ZH: ['早上好', '非常感谢', '你好吗？', '火车站在哪里？', '我不明白'],
};

describe('detectLanguage', () => {
  it('has phrases for every source language, and can answer each', () => {
    expect(Object.keys(PHRASES).sort()).toEqual([...SOURCE_CODES]);
    expect(DETECTABLE_LANGUAGES).toEqual([...SOURCE_CODES]);
    for (const phrases of Object.values(PHRASES)) expect(phrases.length).toBeGreaterThanOrEqual(5);
  });

  it.each(Object.entries(PHRASES).flatMap(([lang, phrases]) => phrases.map((phrase) => [phrase, lang])))('%j → %s', (phrase, lang) => {
    expect(detectLanguage(phrase)).toBe(lang);
  });

  it.each([
    ['', 'EN'],
    ['12345', 'EN'],
    ['Ceci est une phrase pour vous', 'FR'],
    ['東京タワー', 'JA'],
    ['日本', 'ZH'],
  ])('%j → %s', (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it('reads the phrase of a longer text, and upper case alike', () => {
    expect(detectLanguage('HAZ DE PROTONES')).toBe('ES');
    expect(detectLanguage('I SEE IT')).toBe('EN');
    expect(detectLanguage('GÜNAYDIN, NASILSIN?')).toBe('TR');
    expect(detectLanguage('Le faisceau de protons traverse le détecteur. '.repeat(200))).toBe('FR');
  });
});
