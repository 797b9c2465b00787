/** Whole words of the tiny test tokenizer; with specials, characters and `##` pieces about 512 entries. */
export const TINY_WORDS = `
the a an and or of to in on for with from by at as is are be was it this that these those not no yes all any
each every some many more most less few new old first last next previous other same different only also then
than when where what which who how why if else while until after before into out up down over under between
create read write update delete remove add list get set find search query fetch send receive open close save
load upload download copy move rename start stop run execute call invoke check validate test build deploy
install configure enable disable show hide view edit change replace merge split sort filter count sum
file files folder directory path name names text content data value values key keys item items record records
user users account accounts team teams project projects repository repositories issue issues pull request
requests branch branches commit commits tag tags release releases comment comments message messages email
emails mail channel channels chat thread threads post posts page pages document documents note notes task
tasks event events calendar meeting meetings schedule time date day week month year today tomorrow hour
minute second weather forecast temperature city country location address map route distance travel flight
flights hotel hotels booking price prices stock stocks market currency exchange rate payment payments order
orders product products customer customers invoice invoices report reports chart table row rows column
columns sheet sheets spreadsheet database sql image images photo photos video videos audio music song songs
playlist movie movies book books news article articles blog web website url link links domain server servers
service services api apis endpoint request response status error errors log logs metric metrics alert alerts
image file job jobs queue queues container containers cluster clusters node nodes pod pods database cache
memory disk network port host ip token tokens secret secrets password login logout session sessions role
roles permission permissions group groups member members owner label labels title description summary
translate translation language languages english word words sentence code function functions class method
methods variable type types number numbers string list array object map field fields format json csv xml
html markdown pdf zip archive backup restore sync share invite notify notification notifications subscribe
weather recipe recipes food restaurant restaurants game games score scores team player players match
sports football basketball health medical drug drugs doctor patient science math calculate convert unit
units random generate generator analyze analysis predict model models train image detect detection
`;
