/**
 * Every country of ISO 3166-1 (249 codes, and Kosovo's user-assigned XK, which Berkeley's release lists) with the
 * region Credence files it under. Regions are the UN M49 sub-regions (United Nations Statistics Division,
 * "Standard country or area codes for statistical use (M49)", unstats.un.org/unsd/methodology/m49), named as
 * Berkeley's release names them: M49's "Northern America" is "North America", its "South-eastern Asia" is
 * "South-Eastern Asia", its Northern, Southern and Western Europe are one "Europe" beside "Eastern Europe", and
 * "Latin America and the Caribbean" and "Sub-Saharan Africa" are M49's intermediate regions. Taiwan, which M49
 * does not list, is in Eastern Asia as Berkeley files it; Antarctica, in no M49 region, is International.
 *
 * Each entry is `alpha-2|alpha-3|name|other spellings…`. The name is the ISO 3166 English short name as Berkeley
 * spells it where Berkeley's release has the country (`DRC`, `Laos`, `Türkiye`, `Viet Nam`), and ISO's short name
 * without its formal parts elsewhere (`Iran`, `Venezuela`). The other spellings are the variants registries write.
 */
const countriesByRegion: Record<string, readonly string[]> = {
  'Northern Africa': ['DZ|DZA|Algeria', 'EG|EGY|Egypt', 'LY|LBY|Libya', 'MA|MAR|Morocco', 'SD|SDN|Sudan', 'TN|TUN|Tunisia', 'EH|ESH|Western Sahara'],
  'Sub-Saharan Africa': [
    // Eastern Africa
    'IO|IOT|British Indian Ocean Territory', 'BI|BDI|Burundi', 'KM|COM|Comoros', 'DJ|DJI|Djibouti', 'ER|ERI|Eritrea', 'ET|ETH|Ethiopia',
    'TF|ATF|French Southern Territories', 'KE|KEN|Kenya', 'MG|MDG|Madagascar', 'MW|MWI|Malawi', 'MU|MUS|Mauritius', 'YT|MYT|Mayotte',
    'MZ|MOZ|Mozambique', 'RE|REU|Réunion', 'RW|RWA|Rwanda', 'SC|SYC|Seychelles', 'SO|SOM|Somalia', 'SS|SSD|South Sudan', 'UG|UGA|Uganda',
    'TZ|TZA|Tanzania|United Republic of Tanzania|Tanzania United Republic of', 'ZM|ZMB|Zambia', 'ZW|ZWE|Zimbabwe',
    // Middle Africa
    'AO|AGO|Angola', 'CM|CMR|Cameroon', 'CF|CAF|Central African Republic', 'TD|TCD|Chad', 'CG|COG|Congo|Republic of the Congo|Congo-Brazzaville',
    'CD|COD|DRC|Democratic Republic of the Congo|Democratic Republic of Congo|DR Congo|Congo-Kinshasa', 'GQ|GNQ|Equatorial Guinea', 'GA|GAB|Gabon',
    'ST|STP|Sao Tome and Principe',
    // Southern Africa
    'BW|BWA|Botswana', 'SZ|SWZ|Eswatini|Swaziland', 'LS|LSO|Lesotho', 'NA|NAM|Namibia', 'ZA|ZAF|South Africa',
    // Western Africa
    'BJ|BEN|Benin', 'BF|BFA|Burkina Faso', 'CV|CPV|Cape Verde|Cabo Verde', "CI|CIV|Côte d'Ivoire|Ivory Coast", 'GM|GMB|Gambia', 'GH|GHA|Ghana',
    'GN|GIN|Guinea', 'GW|GNB|Guinea-Bissau', 'LR|LBR|Liberia', 'ML|MLI|Mali', 'MR|MRT|Mauritania', 'NE|NER|Niger', 'NG|NGA|Nigeria',
    'SH|SHN|Saint Helena|Saint Helena, Ascension and Tristan da Cunha', 'SN|SEN|Senegal', 'SL|SLE|Sierra Leone', 'TG|TGO|Togo',
  ],
  'Latin America and the Caribbean': [
    // Caribbean
    'AI|AIA|Anguilla', 'AG|ATG|Antigua and Barbuda', 'AW|ABW|Aruba', 'BS|BHS|Bahamas', 'BB|BRB|Barbados', 'BQ|BES|Bonaire, Sint Eustatius and Saba|Caribbean Netherlands',
    'VG|VGB|British Virgin Islands|Virgin Islands, British', 'KY|CYM|Cayman Islands', 'CU|CUB|Cuba', 'CW|CUW|Curaçao', 'DM|DMA|Dominica',
    'DO|DOM|Dominican Republic', 'GD|GRD|Grenada', 'GP|GLP|Guadeloupe', 'HT|HTI|Haiti', 'JM|JAM|Jamaica', 'MQ|MTQ|Martinique', 'MS|MSR|Montserrat',
    'PR|PRI|Puerto Rico', 'BL|BLM|Saint Barthélemy', 'KN|KNA|Saint Kitts and Nevis', 'LC|LCA|Saint Lucia', 'MF|MAF|Saint Martin|Saint Martin (French part)',
    'VC|VCT|Saint Vincent and the Grenadines', 'SX|SXM|Sint Maarten|Sint Maarten (Dutch part)', 'TT|TTO|Trinidad and Tobago', 'TC|TCA|Turks and Caicos Islands',
    'VI|VIR|U.S. Virgin Islands|Virgin Islands, U.S.|United States Virgin Islands',
    // Central America
    'BZ|BLZ|Belize', 'CR|CRI|Costa Rica', 'SV|SLV|El Salvador', 'GT|GTM|Guatemala', 'HN|HND|Honduras', 'MX|MEX|Mexico', 'NI|NIC|Nicaragua', 'PA|PAN|Panama',
    // South America
    'AR|ARG|Argentina', 'BO|BOL|Bolivia|Bolivia (Plurinational State of)|Plurinational State of Bolivia', 'BV|BVT|Bouvet Island', 'BR|BRA|Brazil', 'CL|CHL|Chile',
    'CO|COL|Colombia', 'EC|ECU|Ecuador', 'FK|FLK|Falkland Islands|Falkland Islands (Malvinas)', 'GF|GUF|French Guiana', 'GY|GUY|Guyana', 'PY|PRY|Paraguay',
    'PE|PER|Peru', 'GS|SGS|South Georgia and the South Sandwich Islands', 'SR|SUR|Suriname', 'UY|URY|Uruguay',
    'VE|VEN|Venezuela|Venezuela (Bolivarian Republic of)|Bolivarian Republic of Venezuela',
  ],
  'North America': ['BM|BMU|Bermuda', 'CA|CAN|Canada', 'GL|GRL|Greenland', 'PM|SPM|Saint Pierre and Miquelon', 'US|USA|United States|United States of America|U.S.|U.S.A.'],
  'Central Asia': ['KZ|KAZ|Kazakhstan', 'KG|KGZ|Kyrgyzstan|Kyrgyz Republic', 'TJ|TJK|Tajikistan', 'TM|TKM|Turkmenistan', 'UZ|UZB|Uzbekistan'],
  'Eastern Asia': [
    "CN|CHN|China|People's Republic of China", 'HK|HKG|Hong Kong|Hong Kong SAR|Hong Kong SAR China', 'MO|MAC|Macao|Macau|Macao SAR China',
    "KP|PRK|North Korea|Korea, Democratic People's Republic of", 'JP|JPN|Japan', 'MN|MNG|Mongolia', 'KR|KOR|South Korea|Korea, Republic of|Korea',
    'TW|TWN|Taiwan|Taiwan, Province of China|Chinese Taipei',
  ],
  'South-Eastern Asia': [
    'BN|BRN|Brunei|Brunei Darussalam', 'KH|KHM|Cambodia', 'ID|IDN|Indonesia', "LA|LAO|Laos|Lao People's Democratic Republic|Lao PDR", 'MY|MYS|Malaysia',
    'MM|MMR|Myanmar|Burma|Myanmar (Burma)', 'PH|PHL|Philippines', 'SG|SGP|Singapore', 'TH|THA|Thailand', 'TL|TLS|Timor-Leste|East Timor', 'VN|VNM|Viet Nam|Vietnam',
  ],
  'Southern Asia': [
    'AF|AFG|Afghanistan', 'BD|BGD|Bangladesh', 'BT|BTN|Bhutan', 'IN|IND|India', 'IR|IRN|Iran|Iran (Islamic Republic of)|Islamic Republic of Iran',
    'MV|MDV|Maldives', 'NP|NPL|Nepal', 'PK|PAK|Pakistan', 'LK|LKA|Sri Lanka',
  ],
  'Western Asia': [
    'AM|ARM|Armenia', 'AZ|AZE|Azerbaijan', 'BH|BHR|Bahrain', 'CY|CYP|Cyprus', 'GE|GEO|Georgia', 'IQ|IRQ|Iraq', 'IL|ISR|Israel', 'JO|JOR|Jordan', 'KW|KWT|Kuwait',
    'LB|LBN|Lebanon', 'OM|OMN|Oman', 'QA|QAT|Qatar', 'SA|SAU|Saudi Arabia', 'PS|PSE|Palestine|State of Palestine|Palestinian Territories',
    'SY|SYR|Syria|Syrian Arab Republic', 'TR|TUR|Türkiye|Turkey', 'AE|ARE|United Arab Emirates|UAE', 'YE|YEM|Yemen',
  ],
  'Eastern Europe': [
    'BY|BLR|Belarus', 'BG|BGR|Bulgaria', 'CZ|CZE|Czechia|Czech Republic', 'HU|HUN|Hungary', 'PL|POL|Poland', 'MD|MDA|Moldova|Republic of Moldova',
    'RO|ROU|Romania', 'RU|RUS|Russia|Russian Federation', 'SK|SVK|Slovakia', 'UA|UKR|Ukraine',
  ],
  Europe: [
    // Northern Europe
    'AX|ALA|Åland Islands', 'DK|DNK|Denmark', 'EE|EST|Estonia', 'FO|FRO|Faroe Islands', 'FI|FIN|Finland', 'GG|GGY|Guernsey', 'IS|ISL|Iceland',
    'IE|IRL|Ireland', 'IM|IMN|Isle of Man', 'JE|JEY|Jersey', 'LV|LVA|Latvia', 'LT|LTU|Lithuania', 'NO|NOR|Norway', 'SJ|SJM|Svalbard and Jan Mayen',
    'SE|SWE|Sweden', 'GB|GBR|United Kingdom|United Kingdom of Great Britain and Northern Ireland|UK|Great Britain',
    // Southern Europe
    'AL|ALB|Albania', 'AD|AND|Andorra', 'BA|BIH|Bosnia and Herzegovina', 'HR|HRV|Croatia', 'GI|GIB|Gibraltar', 'GR|GRC|Greece', 'VA|VAT|Holy See|Vatican City',
    'IT|ITA|Italy', 'MT|MLT|Malta', 'ME|MNE|Montenegro', 'MK|MKD|North Macedonia|Macedonia|Republic of North Macedonia', 'PT|PRT|Portugal',
    'SM|SMR|San Marino', 'RS|SRB|Serbia', 'SI|SVN|Slovenia', 'ES|ESP|Spain', 'XK|XKX|Kosovo',
    // Western Europe
    'AT|AUT|Austria', 'BE|BEL|Belgium', 'FR|FRA|France', 'DE|DEU|Germany', 'LI|LIE|Liechtenstein', 'LU|LUX|Luxembourg', 'MC|MCO|Monaco',
    'NL|NLD|Netherlands|Netherlands (Kingdom of the)', 'CH|CHE|Switzerland',
  ],
  Oceania: [
    // Australia and New Zealand
    'AU|AUS|Australia', 'CX|CXR|Christmas Island', 'CC|CCK|Cocos (Keeling) Islands', 'HM|HMD|Heard Island and McDonald Islands', 'NZ|NZL|New Zealand',
    'NF|NFK|Norfolk Island',
    // Melanesia
    'FJ|FJI|Fiji', 'NC|NCL|New Caledonia', 'PG|PNG|Papua New Guinea', 'SB|SLB|Solomon Islands', 'VU|VUT|Vanuatu',
    // Micronesia
    'GU|GUM|Guam', 'KI|KIR|Kiribati', 'MH|MHL|Marshall Islands', 'FM|FSM|Micronesia|Micronesia (Federated States of)|Federated States of Micronesia',
    'NR|NRU|Nauru', 'MP|MNP|Northern Mariana Islands', 'PW|PLW|Palau', 'UM|UMI|United States Minor Outlying Islands',
    // Polynesia
    'AS|ASM|American Samoa', 'CK|COK|Cook Islands', 'PF|PYF|French Polynesia', 'NU|NIU|Niue', 'PN|PCN|Pitcairn', 'WS|WSM|Samoa', 'TK|TKL|Tokelau',
    'TO|TON|Tonga', 'TV|TUV|Tuvalu', 'WF|WLF|Wallis and Futuna',
  ],
  International: ['AQ|ATA|Antarctica'],
}

export interface Country {
  alpha2: string
  alpha3: string
  /** The one spelling Credence uses. */
  name: string
  region: string
  /** Other spellings registries write. */
  aliases: readonly string[]
}

export const countries: readonly Country[] = Object.entries(countriesByRegion).flatMap(([region, entries]) =>
  entries.map((entry) => {
    const [alpha2, alpha3, name, ...aliases] = entry.split('|')
    return { alpha2, alpha3, name, region, aliases }
  }),
)

/**
 * Berkeley's word for projects in no one country (several countries, the high seas); its region is the same word.
 * It is a country of the catalogue as Berkeley's release has it, not one of ISO 3166.
 */
export const international = 'International'
