// Source-language detection for the pseudo-translator: not a real detector, but right for short
// everyday phrases of every source language the server lists. Non-Latin scripts decide by
// themselves (kana → JA, Han → ZH, Hangul → KO, Arabic → AR, Greek → EL); Latin and Cyrillic
// text is scored against small per-language profiles: common words, letters beyond the basic
// alphabet (a letter a language never writes counts against it), typical endings and letter
// groups. A feature shared by n languages gives each of them 1/n of its weight.

interface Profile {
  script: 'latin' | 'cyrillic';
  /** Common everyday words, lower case; `x'` entries are elided forms (FR l', IT dell'). */
  words: string;
  /** Letters (and marks such as ¿) beyond the script's basic alphabet that the language writes. */
  letters: string;
  /** Typical word endings. */
  endings: string;
  /** Typical letter groups inside words. */
  groups: string;
  /** Basic letters the language writes only in loanwords. */
  rare?: string;
}

// Order matters only for ties: the more widely used language wins.
const PROFILES: Record<string, Profile> = {
  EN: {
    script: 'latin', letters: '',
    words: "the a an and or but is are was were be been am i you he she it we they me my your his her our their this that these those what where when who why how which there here not no yes do does did don't can't can will would should could have has had of to in on at for with from by about if so very thank thanks please good morning afternoon evening night hello hi bye fine well sorry excuse understand know like want need go going get see time day today tomorrow weather nice great love much many much cost costs come from would like glass water speak english help friend eat drink house name one two three coffee beer bread left right yesterday",
    endings: "ing ight ough ness ful less ship ly n't 's 're 'll 've 'm tion",
    groups: 'th wh sh ck ght ea oo ee ou',
  },
  DE: {
    script: 'latin', letters: 'äöüß',
    words: 'der die das den dem des ein eine einen einem einer und oder aber ist sind war bin bist sein nicht kein keine ich du er sie es wir ihr mich dich mir dir uns euch was wo wann wer wie warum welche hier da ja nein danke bitte guten gute morgen tag abend nacht hallo tschüss auf wiedersehen viel vielen sehr gut mit für von zu im am an aus bei nach über unter heute verstehe spreche habe hat haben geht gehen kann können will möchte noch schon auch nur mal kostet kosten komme kommst aus glas wasser sprechen sprichst englisch hilfe helfen freund essen trinken haus name eins zwei drei kaffee bier brot links rechts gestern wieviel',
    endings: 'ung heit keit lich chen schaft lein isch tz',
    groups: 'sch ch ei ie eu äu tz pf',
  },
  FR: {
    script: 'latin', letters: 'àâæçéèêëîïôœùûüÿ', rare: 'kw',
    words: "le la les l' un une des du de d' et ou mais est sont suis es être avoir ai as a avons ont je j' tu il elle on nous vous ils elles me m' te t' se s' ce c' cet cette ces qui que qu' quoi où quand comment pourquoi ne n' pas plus oui non merci bonjour bonsoir bonne nuit salut au revoir s'il plaît beaucoup très bien avec pour dans sur sous chez par aussi ça va voilà comprends parle vais fait combien coûte viens venir verre eau parlez parles anglais aide aider ami manger boire maison nom deux trois café bière pain gauche droite hier demain voudrais veux",
    endings: 'eau eaux aux eux euse oir ette ique ée ées és ais ait aient ons ez ment tion ière ère',
    groups: 'eau ou oi ai qu',
  },
  ES: {
    script: 'latin', letters: 'áéíóúñü¿¡', rare: 'kw',
    words: 'el la los las lo un una unos unas y o pero es son está están estoy soy eres ser estar hay de del al a en con por para sin sobre yo tú él ella nosotros usted ustedes me te se mi mis tu su que qué quién dónde cuándo cómo cuál no sí gracias favor hola buenos buenas días tardes noches adiós muy bien mucho muchas muchos también ahora aquí allí entiendo hablo quiero tengo puedo llamo cuánto cuesta cuanto vengo vaso agua habla hablas inglés ayuda ayudar amigo comer beber casa nombre uno dos tres café cerveza pan izquierda derecha ayer mañana quisiera noche cuenta',
    endings: 'ción ciones dad dades ones ado ada ados adas ido ida idos idas mente ando iendo aba aban ía ían amos emos imos illo illa ito ita',
    groups: 'll rr qu ue ie',
  },
  PT: {
    script: 'latin', letters: 'áâãàçéêíóôõúü', rare: 'kwy',
    words: 'o a os as um uma uns umas e ou mas é são está estão estou sou ser estar há de do da dos das no na nos nas em com por para pelo pela sem sobre eu tu ele ela nós você vocês me te se meu minha seu sua que quê quem onde quando como porque qual não sim obrigado obrigada favor olá oi bom boa dia tarde noite tchau adeus muito muita bem também agora aqui ali entendo falo quero tenho posso isto isso aquilo fica quanto custa venho copo água fala falas inglês ajuda ajudar amigo comer beber casa nome dois três café cerveja pão esquerda direita ontem amanhã queria gostaria noite conta',
    endings: 'ção ções ões ão ãe ães ário ória inho inha mente ns ém eiro eira agem dade ando endo indo amos emos imos',
    groups: 'lh nh ão õe',
  },
  IT: {
    script: 'latin', letters: 'àèéìíòóùú', rare: 'jkwxy',
    words: "il lo la i gli le l' un uno una un' e ed o ma è sono sei siamo essere avere ho hai ha abbiamo di del della dello dei delle dell' a al alla all' in nel nella nell' con per su da tra fra io tu lui lei noi voi loro mi ti si mio mia tuo che chi dove quando come perché quale non sì no grazie prego favore ciao buongiorno buonasera buonanotte arrivederci molto bene anche ora qui capisco parlo voglio questo questa quello dov' c' cosa quanto costa vengo bicchiere acqua parla parli inglese aiuto aiutare amico mangiare bere casa nome uno due tre caffè birra pane sinistra destra ieri domani vorrei buona buono notte mille stai buon",
    endings: 'zione zioni ione ioni gli tto tta tti zza ssimo mente ato ata ati ito ita iamo ete are ere ire ello ella etto etta',
    groups: 'gli gn zz cc cch ggi sci',
  },
  NL: {
    script: 'latin', letters: 'ëïéèó',
    words: 'de het een en of maar is zijn ben bent was waren ik je jij u hij zij ze wij we jullie mij me mijn jouw uw ons dit dat deze die wat waar wanneer wie waarom hoe welke hier daar niet geen ja nee dank bedankt alstublieft alsjeblieft goedemorgen goedemiddag goedenavond goedenacht hallo hoi dag tot ziens heel veel goed met voor van op aan bij naar uit over ook nog al begrijp spreek heb heeft gaat graag hoeveel kost kom glas water spreekt engels hulp helpen vriend eten drinken huis naam twee drie koffie bier brood links rechts gisteren morgen wil',
    endings: 'ijk heid tje tjes pje lijke',
    groups: 'ij oe ui aa uu ee oo sch cht',
  },
  SV: {
    script: 'latin', letters: 'åäöé', rare: 'qwxz',
    words: 'och eller men är var vara jag du han hon det den vi ni de mig dig oss min mitt din ditt sin en ett att i på med för av till från om som inte ja nej tack hej god dag morgon kväll natt hejdå välkommen mycket bra också nu här där vad när vem varför hur vilken förstår talar heter mår ligger kan vill ska har kostar kommer glas vatten engelska hjälp vän äta dricka hus namn två tre kaffe öl bröd vänster höger igår imorgon skulle vilja natt',
    endings: 'ning lig ligt arna orna erna aren ande',
    groups: 'sj skj tj kv ck',
  },
  DA: {
    script: 'latin', letters: 'æøåé', rare: 'qwxz',
    words: 'og eller men er var være jeg du han hun det den vi i de mig dig os min mit din dit sin en et at på med for af til fra om som ikke ja nej tak hej godmorgen goddag godaften godnat farvel velkommen meget godt også nu her der hvad hvor hvornår hvem hvorfor hvordan hvilken forstår taler hedder har kan vil skal lidt dansk maden toilet toilettet koster kommer glas vand engelsk hjælp ven spise drikke hus navn to tre kaffe øl brød venstre højre igår morgen gerne have nat ligger',
    endings: 'hed ighed else ede erne ningen',
    groups: 'hv øj ød',
  },
  NB: {
    script: 'latin', letters: 'æøåéòóô', rare: 'qwxz',
    words: 'og eller men er var være jeg du han hun det den vi dere de meg deg oss min mitt din ditt sin en et ei at på med for av til fra om som ikke ja nei takk hei god morgen dag kveld natt ha bra velkommen veldig mye også nå her der hva hvor når hvem hvorfor hvordan hvilken forstår snakker heter har kan vil skal litt norsk maten toalett toalettet koster kommer glass vann engelsk hjelp venn spise drikke hus navn to tre kaffe øl brød venstre høyre går gjerne natt ligger',
    endings: 'het sjon ende',
    groups: 'kj skj sj hv øy ei',
  },
  FI: {
    script: 'latin', letters: 'äöåšž', rare: 'bcfqwxz',
    words: 'ja tai mutta on ovat oli olen olet olla minä sinä hän se me te he minun sinun hänen tämä tuo nämä mikä mitä missä milloin kuka miksi miten kuinka ei en et kyllä joo kiitos kiitoksia paljon hyvää huomenta päivää iltaa yötä hei moi terve näkemiin tervetuloa hyvin myös nyt täällä siellä ymmärrä ymmärrän puhun puhutko nimeni kuuluu anteeksi paljonko maksaa lasi lasin vettä vesi puhutteko puhut englantia apua ystävä syödä juoda talo nimi yksi kaksi kolme kahvi olut leipä vasen oikea eilen huomenna haluaisin haluan tänään minulla tarvitsen kaunis ilma lasku',
    endings: 'ssa ssä sta stä lla llä lta ltä nen kin mme tte isi',
    groups: 'yy ää öö uu ii kk hj',
  },
  ET: {
    script: 'latin', letters: 'äöõüšž', rare: 'cqwxyz',
    words: 'ja või aga on oli olen oled olema mina ma sina sa tema see me te nad minu sinu selle mis kus millal kes miks kuidas ei jah aitäh tänan palun tere hommikust päevast õhtust head ööd nägemist tervist väga hästi hea ka nüüd siin seal saa aru räägin eesti nimi läheb vabandust kui palju maksab klaas klaasi vett vesi räägite räägid inglise keelt abi sõber sööma jooma maja üks kaks kolm kohv õlu leib vasak parem eile homme sooviksin tahan kas täna ilus ilm mul vaja minu arve sind mind teda',
    endings: 'ga sse ks tud mine lik ust ist',
    groups: 'õ ää öö üü aa ee ii uu',
  },
  HU: {
    script: 'latin', letters: 'áéíóöőúüű', rare: 'qwx',
    words: 'a az egy és vagy de van vannak volt vagyok lenni én te ő mi ti ők engem téged nekem neked ez azok mit hol mikor ki miért hogy hogyan melyik nem igen köszönöm köszi kérem szia szervusz jó reggelt napot estét éjszakát viszontlátásra nagyon szépen is most itt ott értem beszélek beszél mennyibe kerül vagyok jöttem pohár vizet víz beszélsz angolul segítség barát enni inni ház név kettő három kávé sör kenyér bal jobb tegnap holnap kérek szeretnék',
    endings: 'ság ség ban ben nak nek val vel ból ből hoz hez ról ről tól től',
    groups: 'sz zs gy ny ly cs ty',
  },
  PL: {
    script: 'latin', letters: 'ąćęłńóśźż', rare: 'qvx',
    words: 'i a lub albo ale jest są był była jestem jesteś być ja ty on ona ono my wy oni mnie cię mi ci mój moja twój twoja to ten ta te co gdzie kiedy kto dlaczego jak który nie tak dziękuję dzięki proszę cześć dzień dobry dobranoc widzenia bardzo dobrze też teraz tu tutaj tam rozumiem mówię się w z na do od po o przez dla ile kosztuje szklankę wody woda mówisz mówi angielsku pomoc przyjaciel jeść pić dom imię jeden dwa trzy kawa piwo chleb lewo prawo wczoraj jutro chciałbym poproszę czy mam masz ma jutra',
    endings: 'ość ski ska ów ego emu ami ach ują ię',
    groups: 'sz cz rz dz ie prz szcz',
  },
  CS: {
    script: 'latin', letters: 'áčďéěíňóřšťúůýž', rare: 'qwx',
    words: 'a i nebo ale je jsou byl byla jsem jsi jsme jste být já ty on ona ono my vy oni mě tě mi ti můj moje tvůj to ten ta co kde kdy kdo proč jak který ne ano děkuji děkuju prosím ahoj dobrý den dobrou noc shledanou moc velmi dobře také taky teď tady tam rozumím nerozumím mluvím se v z na do od po o pro kolik stojí sklenici vody voda mluvíte mluvíš anglicky pomoc přítel jíst pít dům jméno jeden dva tři káva pivo chléb vlevo vpravo včera zítra chtěl bych hezké počasí potřebuji účet mám máš',
    endings: 'ost ní ého ích ými ější ovat ice ou',
    groups: 'ch ou',
  },
  SK: {
    script: 'latin', letters: 'áäčďéíĺľňóôŕšťúýž', rare: 'qwx',
    words: 'a i alebo ale je sú bol bola som si sme ste byť ja ty on ona ono my vy oni ma ťa mi ti môj moje tvoj to ten ta čo kde kedy kto prečo ako ktorý nie áno ďakujem prosím ahoj dobrý deň dobrú noc dovidenia veľmi dobre tiež teraz tu tam rozumiem nerozumiem hovorím sa v z na do od po o pre stanica koľko stojí pohár vody voda hovoríte hovoríš anglicky pomoc priateľ jesť piť dom meno jeden dva tri káva pivo chlieb vľavo vpravo včera zajtra chcel by pekné počasie potrebujem účet mám máš',
    endings: 'osť ého ých ými ovať ica ej ov ie ia',
    groups: 'ia iu ch',
  },
  SL: {
    script: 'latin', letters: 'čšž', rare: 'qwxy',
    words: 'in ali ampak je so sem si smo ste biti jaz ti on ona ono mi vi oni me te moj moja tvoj to ta kaj kje kdaj kdo zakaj kako kateri ne da hvala prosim zdravo živjo dober dan jutro večer lahko noč nasvidenje zelo dobro tudi zdaj tukaj tam razumem govorim se v z na do od po o za lepa koliko stane kozarec vode voda govorite govoriš angleško pomoč prijatelj jesti piti hiša ime ena dva tri kava pivo kruh levo desno včeraj jutri rad rada bi iz danes lepo vreme imam ima potrebujem brat brata račun',
    endings: 'ost ija nje ih ega emu',
    groups: 'lj nj',
  },
  RO: {
    script: 'latin', letters: 'ăâîșțşţ', rare: 'kqwy',
    words: 'și sau dar este sunt era am ai are eu tu el ea noi voi ei ele mă te îmi îți meu mea tău acesta aceasta ce unde când cine cum care nu da mulțumesc multumesc mersi vă rog bună buna ziua dimineața seara noapte salut revedere foarte bine mult mai faci face acum aici acolo înțeleg inteleg vorbesc un o în cu pe la de din pentru cât costă pahar apă vorbiți vorbești engleză ajutor prieten mânca bea casă nume unu doi trei cafea bere pâine stânga dreapta ieri mâine aș dori foame',
    endings: 'ul ului ile ilor esc ește ească ție ării ează ați',
    groups: 'ea oa',
  },
  TR: {
    script: 'latin', letters: 'çğıöşüâîûİ', rare: 'qwx',
    words: 've veya ama bir bu şu o ne nasıl nerede zaman kim neden hangi evet hayır teşekkür teşekkürler ederim sağol lütfen merhaba selam günaydın iyi akşamlar geceler hoşça kal güle çok de da ile için var yok ben sen biz siz onlar benim senin şimdi burada orada anlamıyorum anlıyorum mı mi mu mü kadar su bardak istiyorum konuşuyor musunuz musun ingilizce yardım arkadaş yemek içmek ev isim adım iki üç kahve bira ekmek sol sağ dün yarın bugün hava güzel kardeşim ihtiyacım hesap seni beni',
    endings: 'lar ler lık lik yor dır dir sın sin iyor ıyor',
    groups: 'ğ ı ş yor',
  },
  ID: {
    script: 'latin', letters: '', rare: 'qx',
    words: 'yang dan atau tetapi tapi adalah ialah ini itu saya aku anda kamu dia kami kita mereka ada tidak bukan ya belum sudah akan bisa dapat mau ingin apa siapa di mana dimana kapan mengapa kenapa bagaimana berapa terima kasih tolong silakan maaf selamat pagi siang sore malam tinggal jalan datang halo sangat baik juga sekarang sini sana mengerti bicara dari ke untuk dengan pada kereta stasiun harga harganya banyak harga air gelas bahasa inggris bantuan teman makan minum rumah nama satu dua tiga kopi roti kiri kanan kemarin besok apakah',
    endings: 'kan nya lah kah',
    groups: 'ngk ngg aan',
  },
  LV: {
    script: 'latin', letters: 'āčēģīķļņšūž', rare: 'qwxy',
    words: 'un vai bet ir nav bija esmu esi būt es tu viņš viņa mēs jūs viņi mani tevi man tev mans mana tavs tas tā šis šī kas ko kur kad kurš kāpēc kā jā nē paldies lūdzu sveiki labdien labrīt labvakar ar labu nakti uz redzēšanos ļoti labi arī tagad šeit tur saprotu nesaprotu runāju iet liels lielu no par pie cik maksā glāzi ūdens runājat runā angliski palīdzība draugs ēst dzert māja vārds viens divi trīs kafija alus maize kreisi vakar rīt vēlētos gribu šodien laiks jauks vajag',
    endings: 'ība ības ējs ām iem ks gs ds',
    groups: 'dz dž',
  },
  LT: {
    script: 'latin', letters: 'ąčęėįšųūž', rare: 'qwx',
    words: 'ir arba bet yra nėra buvo esu esi būti aš tu jis ji mes jūs jie mane tave man tau mano tavo tas ta šis ši kas ką kur kada kodėl kaip kuris taip ne ačiū prašau labas laba diena rytas vakaras labanakt sveiki viso gero labai gerai pat dabar čia ten suprantu nesuprantu kalbu sekasi iš į su apie už prie kiek kainuoja stiklinė vandens vanduo kalbate kalbi angliškai pagalba draugas valgyti gerti namas vardas vienas du trys kava alus duona kairė dešinė vakar rytoj norėčiau noriu reikia su iki',
    endings: 'as is ys us ai iai ių ų ė ės ymas imas',
    groups: 'ai',
  },
  RU: {
    script: 'cyrillic', letters: 'ыэёъ',
    words: 'и или но это есть был была быть я ты он она оно мы вы они меня тебя мне тебе мой моя твой тот этот эта что где когда кто почему как какой да нет спасибо пожалуйста привет здравствуйте доброе добрый утро день вечер спокойной ночи до свидания пока очень хорошо тоже сейчас здесь там понимаю говорю зовут дела в на с к по из у о за находится вокзал большое сколько стоит из хотел хотела бы стакан воды вода говорите говоришь английски помощь друг есть пить дом имя один два три кофе пиво хлеб налево направо вчера завтра',
    endings: 'ый ой ая яя ое ее ого его ому ему ть ться ешь ишь',
    groups: 'ы э ё',
  },
  UK: {
    script: 'cyrillic', letters: 'іїєґ',
    words: 'і й та або але це є був була бути я ти він вона воно ми ви вони мене тебе мені тобі мій моя твій той цей ця що де коли хто чому як який так ні дякую будь ласка привіт вітаю доброго добрий ранку день вечір добраніч до побачення бувай дуже добре теж тепер зараз тут там розумію говорю звати справи в на з по від у про за знаходиться вокзал скільки коштує хотів хотіла б склянку води вода говорите говориш англійською допомога друг їсти пити дім один два три кава пиво хліб ліворуч праворуч вчора завтра котра година кохаю тебе',
    endings: 'ння ний ій ого ому ться єш',
    groups: 'і ї є ґ',
  },
  BG: {
    script: 'cyrillic', letters: 'ъѝ',
    words: 'и или но това е са беше съм си сме сте бъда аз ти той тя то ние вие те мен теб ми мой моя твой този тази какво къде кога кой защо как да не благодаря моля здравей здравейте добро добър утро ден вечер лека нощ довиждане чао много добре също сега тук там разбирам говоря казвам казваш се в на с към по от у за ли ще гарата колко струва от искам бих чаша вода говорите говориш английски помощ приятел ям пия къща име едно две три кафе бира хляб наляво надясно вчера утре имам имаш има трябва двама сметката',
    endings: 'ът ят ата ото ите ията ение ане',
    groups: 'ъ щ',
  },
};

const WEIGHT = { word: 3, letter: 2, foreignLetter: -4, rareLetter: -1, ending: 1, group: 0.5 };

interface ScriptIndex {
  langs: string[];
  /** word, ending or group → score added per language (index as in langs). */
  words: Map<string, Float64Array>;
  endings: Map<string, Float64Array>;
  groups: Map<string, Float64Array>;
  /** Character (either case) → score change per language: its own letters, foreign and rare ones. */
  chars: Map<string, Float64Array>;
}

/** Splits `weight` among the languages that share a feature. */
function shares(langs: readonly number[], size: number, weight: number): Float64Array {
  const delta = new Float64Array(size);
  for (const l of langs) delta[l] = weight / langs.length;
  return delta;
}

function indexOf(script: Profile['script']): ScriptIndex {
  const profiles = Object.entries(PROFILES).filter(([, p]) => p.script === script);
  const langs = profiles.map(([lang]) => lang);
  const collect = (field: (p: Profile) => Iterable<string>) => {
    const owners = new Map<string, number[]>();
    profiles.forEach(([, p], l) => {
      for (const key of field(p)) {
        const list = owners.get(key) ?? [];
        if (key && !list.includes(l)) owners.set(key, [...list, l]);
      }
    });
    return owners;
  };
  const weighted = (owners: Map<string, number[]>, weight: number) =>
    new Map([...owners].map(([key, list]) => [key, shares(list, langs.length, weight)]));
  const chars = new Map<string, Float64Array>();
  const addChar = (ch: string, delta: Float64Array) => {
    // The capital too, unless it stands for another letter (ı → I, ß → SS).
    const upper = ch.toUpperCase();
    for (const key of upper.toLowerCase() === ch ? new Set([ch, upper]) : [ch]) {
      const sum = chars.get(key) ?? new Float64Array(langs.length);
      for (let l = 0; l < langs.length; l++) sum[l] += delta[l];
      chars.set(key, sum);
    }
  };
  for (const [ch, list] of collect((p) => p.letters)) {
    const delta = shares(list, langs.length, WEIGHT.letter);
    for (let l = 0; l < langs.length; l++) if (!list.includes(l)) delta[l] = WEIGHT.foreignLetter;
    addChar(ch, delta);
  }
  for (const [ch, list] of collect((p) => p.rare ?? '')) {
    const delta = new Float64Array(langs.length);
    for (const l of list) delta[l] = WEIGHT.rareLetter;
    addChar(ch, delta);
  }
  return {
    langs,
    words: weighted(collect((p) => p.words.split(' ')), WEIGHT.word),
    endings: weighted(collect((p) => p.endings.split(' ')), WEIGHT.ending),
    groups: weighted(collect((p) => p.groups.split(' ')), WEIGHT.group),
    chars,
  };
}

const LATIN = indexOf('latin');
const CYRILLIC = indexOf('cyrillic');

const TOKEN_RE = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu;
/** A phrase decides; the rest of a long text only costs time. */
const SCORED_CHARS = 1000;
const MAX_GROUP = 4;

/** Scores Latin or Cyrillic text against its script's profiles; the first language wins ties. */
function scoreText(text: string, index: ScriptIndex): string {
  const scores = new Float64Array(index.langs.length);
  const add = (delta: Float64Array | undefined) => {
    if (delta) for (let l = 0; l < scores.length; l++) scores[l] += delta[l];
  };
  // Letters are read before lower-casing: Turkish İ would become i plus a combining dot.
  for (const ch of text) add(index.chars.get(ch));
  for (const m of text.toLowerCase().replace(/\u0307/g, '').matchAll(TOKEN_RE)) {
    const token = m[0].replace(/’/g, "'");
    const apostrophe = token.indexOf("'");
    if (index.words.has(token) || apostrophe < 0) add(index.words.get(token));
    else {
      add(index.words.get(token.slice(0, apostrophe + 1)));
      add(index.words.get(token.slice(apostrophe + 1)));
    }
    // The longest ending of each language counts, on words longer than the ending.
    const ended = new Uint8Array(scores.length);
    for (let len = Math.min(5, token.length - 2); len >= 1; len--) {
      const delta = index.endings.get(token.slice(-len));
      if (!delta) continue;
      for (let l = 0; l < scores.length; l++) {
        if (delta[l] === 0 || ended[l]) continue;
        scores[l] += delta[l];
        ended[l] = 1;
      }
    }
    for (let len = 1; len <= MAX_GROUP; len++) {
      for (let i = 0; i + len <= token.length; i++) add(index.groups.get(token.slice(i, i + len)));
    }
  }
  let best = 0;
  for (let l = 1; l < scores.length; l++) if (scores[l] > scores[best]) best = l;
  return index.langs[best];
}

/**
 * Guesses the source language of a text: the script first, then (Latin and Cyrillic) the
 * profile that fits best. Text without letters is English.
 */
export function detectLanguage(text: string): string {
  const sample = (text.length > 4000 ? text.slice(0, 4000) : text).normalize('NFC');
  let latin = 0, cyrillic = 0, greek = 0, arabic = 0, kana = 0, han = 0, hangul = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || (c >= 0x1e00 && c <= 0x1eff)) latin++;
    else if (c >= 0x400 && c <= 0x4ff) cyrillic++;
    else if ((c >= 0x370 && c <= 0x3ff) || (c >= 0x1f00 && c <= 0x1fff)) greek++;
    else if ((c >= 0x600 && c <= 0x6ff) || (c >= 0x750 && c <= 0x77f)) arabic++;
    else if (c >= 0x3040 && c <= 0x30ff) kana++;
    else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf)) han++;
    else if ((c >= 0xac00 && c <= 0xd7af) || (c >= 0x1100 && c <= 0x11ff)) hangul++;
  }
  if (kana > 0 && kana + han >= latin) return 'JA';
  const scripts: [string, number][] = [['LATIN', latin], ['CYRILLIC', cyrillic], ['EL', greek], ['AR', arabic], ['ZH', han], ['KO', hangul]];
  scripts.sort((a, b) => b[1] - a[1]);
  const [best, count] = scripts[0];
  if (count === 0 || best === 'LATIN') return scoreText(sample.slice(0, SCORED_CHARS), LATIN);
  if (best === 'CYRILLIC') return scoreText(sample.slice(0, SCORED_CHARS), CYRILLIC);
  return best;
}

/** The languages detectLanguage can answer (every source language of the server). */
export const DETECTABLE_LANGUAGES = [...Object.keys(PROFILES), 'EL', 'AR', 'JA', 'ZH', 'KO'].sort();
