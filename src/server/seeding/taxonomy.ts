import type { ProjectStatus, RegistryCode } from '../../api/contract/common'
import { labelNames } from '../../api/contract/vocabulary'
import { weightedTable, type Rng, type WeightedTable } from '../core/random'
import { lookup } from '../../lib/lookup'

/**
 * How the voluntary market is made up, after Berkeley's VROD v2025-12 (10,975 projects): registries, scopes,
 * types, regions and statuses with their real counts. Counts the VROD does not publish per registry or per
 * type (the long tail of types, the removal registries) are plausible inventions, kept so that the
 * marginals stay close to the real ones.
 */

export const registries = [
  { code: 'VCS', name: 'Verra', projects: 4830 },
  { code: 'GS', name: 'Gold Standard', projects: 3982 },
  { code: 'CAR', name: 'Climate Action Reserve', projects: 1182 },
  { code: 'ACR', name: 'American Carbon Registry', projects: 954 },
  { code: 'ART', name: 'ART TREES', projects: 27 },
  // Removal registries are not in VROD; together about half a percent of projects.
  { code: 'ISO', name: 'Isometric', projects: 25 },
  { code: 'PURO', name: 'Puro.earth', projects: 30 },
] as const satisfies readonly { code: RegistryCode; name: string; projects: number }[]

/** The registries whose projects the generator draws; a registry Credence reads only from its export (Cercarbono) is not among them. */
export type GeneratedRegistry = (typeof registries)[number]['code']

export const registryTable = weightedTable(registries.map((r) => [r.code, r.projects] as const))

export const scopes = [
  'Household & Community',
  'Renewable Energy',
  'Forestry & Land Use',
  'Agriculture',
  'Waste Management',
  'Chemical Processes',
  'Industrial & Commercial',
  'Transportation',
  'Carbon Capture & Storage',
  'Engineered Removal',
] as const
export type Scope = (typeof scopes)[number]

export type ReductionRemoval = 'reduction' | 'mixed' | 'impermanent_removal' | 'long_duration_removal'

export const regions = [
  'Sub-Saharan Africa',
  'Southern Asia',
  'North America',
  'Eastern Asia',
  'Latin America and the Caribbean',
  'Western Asia',
  'South-Eastern Asia',
  'Europe',
  'Oceania',
  'Northern Africa',
  'Eastern Europe',
  'Central Asia',
  'International',
] as const
export type Region = (typeof regions)[number]

/** Where each kind of activity happens, as relative weights over regions; used for the global registries. */
const regionProfiles = {
  household: { 'Sub-Saharan Africa': 60, 'Southern Asia': 24, 'South-Eastern Asia': 4, 'Eastern Asia': 3, 'Latin America and the Caribbean': 7, 'Northern Africa': 0.3, 'Central Asia': 0.2, Oceania: 0.3, International: 0.3 },
  grid: { 'Southern Asia': 38, 'Eastern Asia': 28, 'Western Asia': 18, 'Latin America and the Caribbean': 9, 'South-Eastern Asia': 3, 'Sub-Saharan Africa': 2, 'Northern Africa': 0.6, Europe: 2, 'Central Asia': 0.4, 'Eastern Europe': 0.8, Oceania: 0.3 },
  tropicalForest: { 'Latin America and the Caribbean': 48, 'Sub-Saharan Africa': 24, 'South-Eastern Asia': 16, 'Southern Asia': 5, Oceania: 2, 'Eastern Asia': 1, 'North America': 2 },
  reforestation: { 'Latin America and the Caribbean': 35, 'Sub-Saharan Africa': 22, 'Southern Asia': 14, 'Eastern Asia': 12, 'South-Eastern Asia': 6, 'North America': 3, Europe: 5, Oceania: 1.5, 'Western Asia': 1.5 },
  managedForest: { 'North America': 20, 'Eastern Asia': 30, 'Latin America and the Caribbean': 18, Europe: 12, 'Sub-Saharan Africa': 8, Oceania: 2, 'Eastern Europe': 3, 'South-Eastern Asia': 2 },
  wetland: { 'Southern Asia': 30, 'South-Eastern Asia': 18, 'Latin America and the Caribbean': 22, 'Sub-Saharan Africa': 15, 'North America': 8, Europe: 4, Oceania: 3 },
  grassland: { 'North America': 30, 'Latin America and the Caribbean': 25, 'Sub-Saharan Africa': 20, 'Eastern Asia': 25 },
  jurisdictional: { 'Latin America and the Caribbean': 60, 'Sub-Saharan Africa': 20, 'South-Eastern Asia': 15, 'Southern Asia': 5 },
  methane: { 'Latin America and the Caribbean': 25, 'Eastern Asia': 22, 'Southern Asia': 18, 'South-Eastern Asia': 12, 'Sub-Saharan Africa': 7, 'Western Asia': 9, 'North America': 3, Europe: 3, 'Northern Africa': 0.5, 'Eastern Europe': 0.5 },
  rice: { 'Eastern Asia': 60, 'South-Eastern Asia': 20, 'Southern Asia': 20 },
  farming: { 'North America': 8, 'Sub-Saharan Africa': 30, 'Southern Asia': 24, 'Latin America and the Caribbean': 15, 'Eastern Asia': 12, 'South-Eastern Asia': 4, Europe: 6, Oceania: 1 },
  industry: { 'Eastern Asia': 45, 'Southern Asia': 27, 'Western Asia': 6, 'South-Eastern Asia': 5, 'Latin America and the Caribbean': 8, 'Eastern Europe': 3, 'Central Asia': 1.5, 'Sub-Saharan Africa': 2, Europe: 2 },
  chemical: { 'Eastern Asia': 38, 'Southern Asia': 18, 'Latin America and the Caribbean': 14, Europe: 12, 'Eastern Europe': 6, 'Western Asia': 6, 'North America': 2, 'South-Eastern Asia': 3, 'Central Asia': 1 },
  transport: { 'Southern Asia': 32, 'Latin America and the Caribbean': 30, 'Eastern Asia': 20, 'South-Eastern Asia': 8, 'Sub-Saharan Africa': 5, Europe: 3, International: 2 },
  storage: { 'North America': 70, Europe: 20, Oceania: 5, 'Sub-Saharan Africa': 5 },
  removal: { 'North America': 35, Europe: 35, 'Southern Asia': 10, 'Sub-Saharan Africa': 8, 'Latin America and the Caribbean': 7, Oceania: 5 },
} satisfies Record<string, Partial<Record<Region, number>>>
export type RegionProfile = keyof typeof regionProfiles

export interface ProjectType {
  name: string
  scope: Scope
  reductionRemoval: ReductionRemoval
  profile: RegionProfile
  /** Projects of this type per registry; their sum is the type's count in the market. */
  byRegistry: Partial<Record<RegistryCode, number>>
}

const t = (
  name: string,
  scope: Scope,
  reductionRemoval: ReductionRemoval,
  profile: RegionProfile,
  byRegistry: ProjectType['byRegistry'],
): ProjectType => ({ name, scope, reductionRemoval, profile, byRegistry })

export const projectTypes: readonly ProjectType[] = [
  t('Cookstoves', 'Household & Community', 'reduction', 'household', { VCS: 460, GS: 1233 }),
  t('Clean Water', 'Household & Community', 'reduction', 'household', { VCS: 90, GS: 439 }),
  t('Community Boreholes', 'Household & Community', 'reduction', 'household', { VCS: 40, GS: 223 }),
  t('Biodigesters', 'Household & Community', 'reduction', 'household', { VCS: 60, GS: 198 }),
  t('Lighting', 'Household & Community', 'reduction', 'household', { VCS: 40, GS: 100 }),
  t('Bundled Energy Efficiency', 'Household & Community', 'reduction', 'household', { VCS: 29, GS: 70 }),
  t('Wind', 'Renewable Energy', 'reduction', 'grid', { VCS: 598, GS: 427 }),
  t('Hydropower', 'Renewable Energy', 'reduction', 'grid', { VCS: 420, GS: 115 }),
  t('Solar - Centralized', 'Renewable Energy', 'reduction', 'grid', { VCS: 150, GS: 216 }),
  t('Biomass', 'Renewable Energy', 'reduction', 'grid', { VCS: 230, GS: 69 }),
  t('Solar - Distributed', 'Renewable Energy', 'reduction', 'household', { VCS: 40, GS: 110 }),
  t('Geothermal', 'Renewable Energy', 'reduction', 'grid', { VCS: 40, GS: 12 }),
  t('Solar Water Heaters', 'Renewable Energy', 'reduction', 'grid', { VCS: 7, GS: 30 }),
  t('Improved Forest Management', 'Forestry & Land Use', 'mixed', 'managedForest', { VCS: 222, CAR: 350, ACR: 484 }),
  t('Afforestation/Reforestation', 'Forestry & Land Use', 'impermanent_removal', 'reforestation', { VCS: 380, GS: 238, CAR: 20, ACR: 60 }),
  t('REDD+', 'Forestry & Land Use', 'reduction', 'tropicalForest', { VCS: 340 }),
  t('Avoided Grassland Conversion', 'Forestry & Land Use', 'reduction', 'grassland', { VCS: 18, CAR: 60, ACR: 12 }),
  t('Wetland Restoration', 'Forestry & Land Use', 'mixed', 'wetland', { VCS: 62, CAR: 6, ACR: 18 }),
  // Urban forests, which Berkeley's release files under Afforestation/Reforestation: a row of their own, for their
  // registries and where they are.
  t('Afforestation/Reforestation', 'Forestry & Land Use', 'impermanent_removal', 'managedForest', { CAR: 45, ACR: 10 }),
  t('Jurisdictional REDD+', 'Forestry & Land Use', 'reduction', 'jurisdictional', { ART: 27 }),
  t('Manure Methane Digester', 'Agriculture', 'reduction', 'methane', { VCS: 170, GS: 120, CAR: 180, ACR: 31 }),
  t('Rice Emission Reductions', 'Agriculture', 'reduction', 'rice', { VCS: 300, GS: 72 }),
  t('Sustainable Agriculture', 'Agriculture', 'mixed', 'farming', { VCS: 150, GS: 64, CAR: 40 }),
  t('Nitrogen Management', 'Agriculture', 'reduction', 'farming', { VCS: 32, CAR: 30, ACR: 10 }),
  t('Landfill Methane', 'Waste Management', 'reduction', 'methane', { VCS: 180, GS: 75, CAR: 120, ACR: 64 }),
  t('Methane Recovery in Wastewater', 'Waste Management', 'reduction', 'methane', { VCS: 115, GS: 45 }),
  t('Composting', 'Waste Management', 'reduction', 'methane', { VCS: 60, GS: 30, CAR: 8 }),
  t('Waste Diversion', 'Waste Management', 'reduction', 'methane', { VCS: 45, GS: 20 }),
  t('Ozone Depleting Substances Recovery & Destruction', 'Chemical Processes', 'reduction', 'chemical', { CAR: 191, ACR: 150 }),
  t('N2O Destruction in Nitric Acid Production', 'Chemical Processes', 'reduction', 'chemical', { VCS: 85, CAR: 25, ACR: 18 }),
  t('HFC23 Destruction', 'Chemical Processes', 'reduction', 'chemical', { VCS: 44 }),
  t('HFC Refrigerant Reclamation', 'Chemical Processes', 'reduction', 'chemical', { CAR: 10, ACR: 20 }),
  t('SF6 Replacement', 'Chemical Processes', 'reduction', 'chemical', { VCS: 30 }),
  t('Mine Methane Capture', 'Industrial & Commercial', 'reduction', 'industry', { VCS: 90, CAR: 80, ACR: 20 }),
  t('Energy Efficiency', 'Industrial & Commercial', 'reduction', 'industry', { VCS: 70, GS: 28 }),
  t('Fuel Switching', 'Industrial & Commercial', 'reduction', 'industry', { VCS: 50, GS: 12 }),
  t('Plugging Oil & Gas Wells', 'Industrial & Commercial', 'reduction', 'industry', { VCS: 10, ACR: 35 }),
  t('Waste Heat Recovery', 'Industrial & Commercial', 'reduction', 'industry', { VCS: 44 }),
  t('Fleet Efficiency', 'Transportation', 'reduction', 'transport', { VCS: 30, GS: 26 }),
  t('Electric Vehicles & Charging', 'Transportation', 'reduction', 'transport', { VCS: 48, GS: 10 }),
  t('Mass Transit', 'Transportation', 'reduction', 'transport', { VCS: 42 }),
  t('Carbon Capture & Enhanced Oil Recovery', 'Carbon Capture & Storage', 'reduction', 'storage', { VCS: 6, ACR: 12 }),
  t('Biochar', 'Waste Management', 'long_duration_removal', 'removal', { VCS: 3, ISO: 8, PURO: 22 }),
  t('Direct Air Capture', 'Engineered Removal', 'long_duration_removal', 'storage', { ISO: 8, PURO: 3 }),
  t('Enhanced Rock Weathering', 'Engineered Removal', 'long_duration_removal', 'removal', { ISO: 9, PURO: 5 }),
]

export const typeTableByRegistry = Object.fromEntries(
  registries.map((r) => [r.code, weightedTable(projectTypes.map((type) => [type, type.byRegistry[r.code] ?? 0] as const))]),
) as Record<RegistryCode, WeightedTable<ProjectType>>

export const regionTableByProfile = Object.fromEntries(
  Object.entries(regionProfiles).map(([profile, weights]) => [profile, weightedTable(Object.entries(weights) as [Region, number][])]),
) as Record<RegionProfile, WeightedTable<Region>>

export interface Country {
  name: string
  region: Region
  /** First-level subdivisions a project can sit in (states, provinces, counties). */
  subdivisions: readonly string[]
}

type CountryEntry = readonly [name: string, weight: number, subdivisions: readonly string[]]

const countriesByRegion: Record<Region, readonly CountryEntry[]> = {
  'Sub-Saharan Africa': [
    ['Kenya', 14, ['Taita-Taveta', 'Kilifi', 'Kwale', 'Nakuru', 'Kisumu', 'Kakamega', 'Machakos', 'Laikipia']],
    ['Uganda', 13, ['Gulu', 'Mbale', 'Lira', 'Masaka', 'Kasese', 'Arua']],
    ['Rwanda', 6, ['Northern Province', 'Southern Province', 'Eastern Province', 'Western Province']],
    ['United Republic of Tanzania', 6, ['Morogoro', 'Arusha', 'Dodoma', 'Mbeya', 'Kigoma', 'Zanzibar']],
    ['Malawi', 7, ['Lilongwe', 'Blantyre', 'Mzimba', 'Zomba', 'Mangochi']],
    ['Zambia', 6, ['Lusaka', 'Eastern Province', 'Copperbelt', 'Southern Province', 'Luapula']],
    ['Zimbabwe', 3, ['Mashonaland East', 'Matabeleland North', 'Manicaland', 'Masvingo']],
    ['Mozambique', 4, ['Sofala', 'Zambézia', 'Nampula', 'Manica', 'Cabo Delgado']],
    ['Ethiopia', 5, ['Oromia', 'Amhara', 'Tigray', 'Sidama']],
    ['Ghana', 7, ['Ashanti', 'Northern Region', 'Volta', 'Greater Accra', 'Bono']],
    ['Nigeria', 6, ['Kano', 'Lagos', 'Kaduna', 'Cross River', 'Oyo', 'Enugu']],
    ["Côte d'Ivoire", 2, ['Abidjan', 'Yamoussoukro', 'San-Pédro', 'Bouaké']],
    ['Senegal', 2, ['Thiès', 'Kaolack', 'Ziguinchor']],
    ['Mali', 2, ['Ségou', 'Sikasso', 'Bamako']],
    ['Burkina Faso', 2, ['Centre', 'Hauts-Bassins', 'Boucle du Mouhoun']],
    ['Cameroon', 2, ['Centre Region', 'Littoral', 'Far North']],
    ['Democratic Republic of the Congo', 3, ['Mai-Ndombe', 'Kinshasa', 'Équateur', 'Tshopo', 'North Kivu']],
    ['Madagascar', 3, ['Analamanga', 'Atsimo-Andrefana', 'Boeny', 'Alaotra-Mangoro']],
    ['South Africa', 2, ['Gauteng', 'Western Cape', 'KwaZulu-Natal', 'Limpopo']],
    ['Sierra Leone', 1, ['Western Area', 'Bo', 'Kenema']],
    ['Benin', 1, ['Atlantique', 'Borgou']],
    ['Togo', 1, ['Maritime', 'Plateaux']],
    ['Niger', 1, ['Niamey', 'Tillabéri']],
    ['Namibia', 1, ['Khomas', 'Zambezi']],
    ['Burundi', 1, ['Gitega', 'Bujumbura']],
    ['Liberia', 1, ['Montserrado', 'Nimba']],
    ['Sudan', 1, ['Khartoum', 'Kassala']],
  ],
  'Southern Asia': [
    ['India', 70, ['Rajasthan', 'Tamil Nadu', 'Gujarat', 'Maharashtra', 'Karnataka', 'Andhra Pradesh', 'Madhya Pradesh', 'Uttar Pradesh', 'Odisha', 'Himachal Pradesh', 'Uttarakhand', 'West Bengal', 'Punjab', 'Telangana', 'Kerala']],
    ['Bangladesh', 9, ['Dhaka', 'Chattogram', 'Khulna', 'Rajshahi', 'Sylhet']],
    ['Pakistan', 7, ['Sindh', 'Punjab', 'Khyber Pakhtunkhwa', 'Balochistan']],
    ['Nepal', 6, ['Bagmati', 'Gandaki', 'Lumbini', 'Koshi']],
    ['Sri Lanka', 3, ['Western Province', 'Central Province', 'Uva']],
    ['Bhutan', 1, ['Thimphu', 'Punakha']],
    ['Iran (Islamic Republic of)', 1, ['Tehran', 'Razavi Khorasan']],
  ],
  'North America': [
    ['United States', 92, ['California', 'Oregon', 'Washington', 'Maine', 'New York', 'Pennsylvania', 'Michigan', 'Wisconsin', 'Minnesota', 'Georgia', 'Alabama', 'Arkansas', 'Texas', 'Oklahoma', 'Kansas', 'Iowa', 'Ohio', 'Virginia', 'North Carolina', 'West Virginia', 'Louisiana', 'Florida', 'Montana', 'Idaho', 'Colorado', 'Alaska', 'Vermont', 'New Hampshire', 'Massachusetts', 'Tennessee', 'Kentucky', 'Missouri', 'Illinois', 'Indiana', 'Utah', 'New Mexico', 'South Dakota', 'North Dakota', 'Nebraska']],
    ['Canada', 8, ['British Columbia', 'Alberta', 'Ontario', 'Québec', 'Nova Scotia', 'Manitoba', 'Saskatchewan']],
  ],
  'Eastern Asia': [
    ['China', 90, ['Yunnan', 'Sichuan', 'Inner Mongolia', 'Xinjiang', 'Gansu', 'Hebei', 'Guangdong', 'Fujian', 'Hubei', 'Hunan', 'Jiangxi', 'Guizhou', 'Guangxi', 'Heilongjiang', 'Jilin', 'Shandong', 'Shanxi', 'Ningxia', 'Qinghai', 'Zhejiang']],
    ['Republic of Korea', 5, ['Gyeonggi', 'Jeju', 'Gangwon', 'Jeollanam-do']],
    ['Mongolia', 3, ['Töv', 'Dornod', 'Khentii']],
    ['Japan', 2, ['Hokkaido', 'Nagano', 'Miyazaki']],
  ],
  'Latin America and the Caribbean': [
    ['Brazil', 30, ['Pará', 'Amazonas', 'Mato Grosso', 'Rondônia', 'Acre', 'Tocantins', 'Maranhão', 'Bahia', 'Ceará', 'Minas Gerais', 'São Paulo', 'Paraná', 'Rio Grande do Sul', 'Goiás']],
    ['Mexico', 12, ['Chiapas', 'Oaxaca', 'Yucatán', 'Quintana Roo', 'Michoacán', 'Jalisco', 'Guanajuato', 'Nuevo León', 'Durango', 'Chihuahua', 'Querétaro']],
    ['Colombia', 10, ['Antioquia', 'Meta', 'Caquetá', 'Chocó', 'Cauca', 'Santander', 'Magdalena', 'Vichada']],
    ['Peru', 8, ['Madre de Dios', 'Ucayali', 'San Martín', 'Loreto', 'Cusco', 'Junín']],
    ['Chile', 5, ['Biobío', 'Maule', 'Araucanía', 'Los Lagos', 'Antofagasta', 'Atacama']],
    ['Guatemala', 4, ['Petén', 'Alta Verapaz', 'Izabal', 'Huehuetenango']],
    ['Honduras', 4, ['Olancho', 'Atlántida', 'Yoro', 'Cortés']],
    ['Nicaragua', 2, ['Jinotega', 'Matagalpa']],
    ['Panama', 2, ['Darién', 'Chiriquí', 'Veraguas']],
    ['Argentina', 3, ['Misiones', 'Salta', 'Chubut', 'Neuquén']],
    ['Uruguay', 3, ['Tacuarembó', 'Rivera', 'Durazno']],
    ['Bolivia (Plurinational State of)', 2, ['Santa Cruz', 'Beni', 'Pando']],
    ['Ecuador', 2, ['Napo', 'Esmeraldas', 'Pastaza']],
    ['Dominican Republic', 2, ['Santo Domingo', 'Puerto Plata']],
    ['Haiti', 2, ['Ouest', 'Artibonite']],
    ['Costa Rica', 2, ['Guanacaste', 'Puntarenas', 'Limón']],
    ['Guyana', 1, ['Potaro-Siparuni', 'Upper Takutu-Upper Essequibo']],
    ['El Salvador', 1, ['San Miguel', 'La Libertad']],
    ['Paraguay', 2, ['Alto Paraná', 'Boquerón']],
  ],
  'Western Asia': [
    ['Türkiye', 80, ['İzmir', 'Çanakkale', 'Balıkesir', 'Muğla', 'Manisa', 'Aydın', 'Hatay', 'Erzurum', 'Kayseri', 'Sivas', 'Konya', 'Bursa']],
    ['Israel', 5, ['Southern District', 'Northern District']],
    ['Georgia', 4, ['Kakheti', 'Imereti', 'Adjara']],
    ['Armenia', 3, ['Syunik', 'Lori']],
    ['Jordan', 3, ["Ma'an", 'Aqaba', 'Mafraq']],
    ['Saudi Arabia', 2, ['Eastern Province', 'Tabuk']],
    ['United Arab Emirates', 3, ['Abu Dhabi', 'Dubai']],
  ],
  'South-Eastern Asia': [
    ['Indonesia', 30, ['Central Kalimantan', 'East Kalimantan', 'West Kalimantan', 'Riau', 'Jambi', 'North Sumatra', 'Papua', 'West Java']],
    ['Viet Nam', 22, ['Quảng Nam', 'Đắk Lắk', 'Thanh Hóa', 'Lâm Đồng', 'Ninh Thuận', 'Bình Thuận', 'Sơn La']],
    ['Thailand', 15, ['Chiang Mai', 'Nakhon Ratchasima', 'Khon Kaen', 'Surat Thani']],
    ['Cambodia', 10, ['Mondulkiri', 'Preah Vihear', 'Koh Kong', 'Siem Reap']],
    ['Philippines', 8, ['Negros Occidental', 'Bukidnon', 'Palawan', 'Isabela']],
    ['Malaysia', 5, ['Sabah', 'Sarawak', 'Pahang']],
    ['Myanmar', 5, ['Ayeyarwady', 'Shan', 'Sagaing']],
    ["Lao People's Democratic Republic", 5, ['Luang Prabang', 'Savannakhet', 'Champasak']],
  ],
  Europe: [
    ['Germany', 15, ['Bavaria', 'Brandenburg', 'Lower Saxony']],
    ['United Kingdom', 15, ['Scotland', 'Wales', 'Northumberland', 'Cumbria']],
    ['France', 10, ['Nouvelle-Aquitaine', 'Occitanie', 'Grand Est', 'Bretagne']],
    ['Ireland', 6, ['Munster', 'Leinster']],
    ['Netherlands', 5, ['Flevoland', 'Gelderland']],
    ['Spain', 8, ['Andalucía', 'Castilla y León', 'Galicia', 'Extremadura']],
    ['Portugal', 5, ['Alentejo', 'Centro']],
    ['Italy', 6, ['Sicilia', 'Toscana', 'Piemonte']],
    ['Sweden', 6, ['Norrbotten', 'Västerbotten', 'Dalarna']],
    ['Finland', 6, ['Lapland', 'North Ostrobothnia']],
    ['Norway', 3, ['Trøndelag', 'Vestland']],
    ['Denmark', 4, ['Midtjylland', 'Syddanmark']],
    ['Iceland', 4, ['Suðurland', 'Suðurnes']],
    ['Switzerland', 4, ['Graubünden', 'Bern']],
    ['Belgium', 2, ['Wallonia', 'Flanders']],
    ['Austria', 2, ['Tirol', 'Steiermark']],
  ],
  Oceania: [
    ['Australia', 55, ['Queensland', 'New South Wales', 'Western Australia', 'Victoria', 'Northern Territory', 'Tasmania', 'South Australia']],
    ['New Zealand', 15, ['Canterbury', 'Waikato', 'Otago', 'Northland']],
    ['Papua New Guinea', 15, ['Western Province', 'Oro', 'East New Britain']],
    ['Fiji', 6, ['Viti Levu', 'Vanua Levu']],
    ['Solomon Islands', 5, ['Choiseul', 'Isabel']],
    ['Vanuatu', 4, ['Espiritu Santo', 'Efate']],
  ],
  'Northern Africa': [
    ['Egypt', 40, ['Gulf of Suez', 'Aswan', 'Red Sea']],
    ['Morocco', 35, ['Tarfaya', 'Souss-Massa', 'Drâa-Tafilalet']],
    ['Tunisia', 15, ['Sfax', 'Kasserine']],
    ['Algeria', 10, ['Adrar', 'Djelfa']],
  ],
  'Eastern Europe': [
    ['Bulgaria', 25, ['Dobrich', 'Varna']],
    ['Romania', 15, ['Constanța', 'Tulcea']],
    ['Poland', 10, ['Pomerania', 'Silesia']],
    ['Ukraine', 15, ['Odesa', 'Zaporizhzhia', 'Kherson']],
    ['Republic of Moldova', 8, ['Chișinău', 'Bălți']],
    ['Russian Federation', 15, ['Krasnoyarsk Krai', 'Arkhangelsk', 'Primorsky Krai']],
    ['Czechia', 6, ['South Moravia', 'Vysočina']],
    ['Hungary', 6, ['Bács-Kiskun', 'Hajdú-Bihar']],
  ],
  'Central Asia': [
    ['Uzbekistan', 45, ['Tashkent', 'Samarkand', 'Navoiy']],
    ['Kazakhstan', 30, ['Almaty', 'Akmola', 'Karaganda']],
    ['Kyrgyzstan', 15, ['Chüy', 'Issyk-Kul']],
    ['Tajikistan', 10, ['Khatlon', 'Sughd']],
  ],
  International: [['International', 1, []]],
}

export const countries: readonly Country[] = Object.entries(countriesByRegion).flatMap(([region, entries]) =>
  entries.map(([name, , subdivisions]) => ({ name, region: region as Region, subdivisions })),
)
const countriesByName = new Map(countries.map((c) => [c.name, c]))
export function countryNamed(name: string): Country | undefined {
  return countriesByName.get(name)
}

export const countryTableByRegion = Object.fromEntries(
  Object.entries(countriesByRegion).map(([region, entries]) => [
    region,
    weightedTable(entries.map(([name, weight]) => [countriesByName.get(name)!, weight] as const)),
  ]),
) as Record<Region, WeightedTable<Country>>

/**
 * The North American registries work almost only at home (CAR also runs Mexican protocols); ART is
 * jurisdictional REDD+ in the tropics. Their projects are placed by these tables, not by type.
 */
export const countryTableByRegistry: Partial<Record<RegistryCode, WeightedTable<Country>>> = {
  CAR: weightedTable([
    [countriesByName.get('United States')!, 88],
    [countriesByName.get('Mexico')!, 12],
  ]),
  ACR: weightedTable([
    [countriesByName.get('United States')!, 90],
    [countriesByName.get('Canada')!, 3],
    [countriesByName.get('Brazil')!, 2],
    [countriesByName.get('India')!, 2],
    [countriesByName.get('Türkiye')!, 2],
    [countriesByName.get('Chile')!, 1],
  ]),
  ART: weightedTable([
    [countriesByName.get('Guyana')!, 12],
    [countriesByName.get('Costa Rica')!, 10],
    [countriesByName.get('Ecuador')!, 8],
    [countriesByName.get('Brazil')!, 15],
    [countriesByName.get('Colombia')!, 8],
    [countriesByName.get('Peru')!, 6],
    [countriesByName.get('Ghana')!, 10],
    [countriesByName.get('Democratic Republic of the Congo')!, 8],
    [countriesByName.get('Viet Nam')!, 10],
    [countriesByName.get('Indonesia')!, 8],
    [countriesByName.get('Nepal')!, 5],
  ]),
}

/** Registry wording differs (Listed, Under validation, Certified, Withdrawn…); these are the normalised shares. */
export const statusTableByRegistry: Record<GeneratedRegistry, WeightedTable<ProjectStatus>> = {
  VCS: weightedTable([['registered', 46], ['pipeline', 26], ['completed', 8], ['inactive', 20]]),
  GS: weightedTable([['registered', 56], ['pipeline', 23], ['completed', 6], ['inactive', 15]]),
  CAR: weightedTable([['registered', 52], ['pipeline', 10], ['completed', 27], ['inactive', 11]]),
  ACR: weightedTable([['registered', 45], ['pipeline', 18], ['completed', 22], ['inactive', 15]]),
  ART: weightedTable([['registered', 60], ['pipeline', 40]]),
  ISO: weightedTable([['registered', 60], ['pipeline', 40]]),
  PURO: weightedTable([['registered', 75], ['pipeline', 25]]),
}

/** Share of each type's projects whose methodology carries the ICVCM CCP label, among those issuing credits. */
const ccpShareByType: Record<string, number> = {
  'Jurisdictional REDD+': 0.7,
  'Ozone Depleting Substances Recovery & Destruction': 0.23,
  'Landfill Methane': 0.16,
  'Improved Forest Management': 0.065,
  'REDD+': 0.08,
  'Mine Methane Capture': 0.08,
  Cookstoves: 0.024,
}

/** CCB validation is a land-use standard run alongside Verra's VCS; nearly all REDD+ projects carry it. */
const ccbShareByType: Record<string, number> = {
  'REDD+': 0.55,
  'Afforestation/Reforestation': 0.25,
  'Wetland Restoration': 0.3,
  'Improved Forest Management': 0.15,
  'Avoided Grassland Conversion': 0.1,
  'Sustainable Agriculture': 0.05,
  Cookstoves: 0.02,
}

const ccbVariants = weightedTable([
  [labelNames.ccbGold, 40],
  [labelNames.ccbBiodiversity, 25],
  [labelNames.ccbCommunity, 25],
  [labelNames.ccbClimate, 10],
])

export interface LabelContext {
  registry: RegistryCode
  type: string
  status: ProjectStatus
  country: string
  vintage: number | null
}

/** Certification labels as the registries write them, correlated with type, registry and status. */
export function drawLabels(p: LabelContext, rng: Rng): string[] {
  const labels: string[] = []
  const issuing = p.status === 'registered' || p.status === 'completed'
  if (issuing && rng.chance(lookup(ccpShareByType, p.type) ?? 0)) labels.push(labelNames.ccp)
  if (p.registry === 'VCS' && rng.chance(lookup(ccbShareByType, p.type) ?? 0)) {
    labels.push(rng.weighted(ccbVariants))
    if (rng.chance(0.25)) labels.push(labelNames.ccbGold)
  }
  if (p.registry === 'VCS' && rng.chance(p.country === 'Brazil' ? 0.15 : 0.015)) labels.push(labelNames.socialCarbon)
  // CORSIA's pilot phase took 2016–2020 vintages from projects registered by then.
  if (issuing && p.vintage !== null && p.vintage <= 2020 && p.registry !== 'ISO' && p.registry !== 'PURO' && rng.chance(0.08)) {
    labels.push(labelNames.corsiaPilot)
  }
  // Article 6 authorisation is rare and mostly jurisdictional or bilateral (GS under Swiss, Ghanaian deals).
  const article6Share = p.registry === 'ART' ? 0.35 : p.registry === 'GS' ? 0.008 : p.registry === 'VCS' ? 0.0015 : 0
  const article6 = p.status !== 'inactive' && rng.chance(article6Share)
  if (article6) labels.push(labelNames.article6)
  // CORSIA's first phase requires a host-country letter of authorisation, hence the tie to Article 6.
  if (p.status !== 'inactive' && rng.chance(article6 ? 0.8 : 0.004)) labels.push(labelNames.corsiaFirst)
  return [...new Set(labels)]
}

const sdgsByScope: Record<Scope, { core: number[]; extra: number[] }> = {
  'Household & Community': { core: [3, 7, 13], extra: [1, 5, 8, 15] },
  'Renewable Energy': { core: [7, 8, 13], extra: [1, 9] },
  'Forestry & Land Use': { core: [13, 15], extra: [1, 6, 8, 14] },
  Agriculture: { core: [2, 13], extra: [1, 5, 15] },
  'Waste Management': { core: [11, 13], extra: [3, 12] },
  'Chemical Processes': { core: [9, 13], extra: [12] },
  'Industrial & Commercial': { core: [9, 13], extra: [7, 8, 12] },
  Transportation: { core: [11, 13], extra: [3, 7, 9] },
  'Carbon Capture & Storage': { core: [9, 13], extra: [] },
  'Engineered Removal': { core: [9, 13], extra: [15] },
}

const sdgsByType: Record<string, number[]> = {
  Cookstoves: [3, 5, 7, 13],
  'Clean Water': [3, 6, 13],
  'Community Boreholes': [3, 6, 13],
  'Wetland Restoration': [13, 14, 15],
}

/** Gold Standard projects list the UN SDGs they contribute to; climate action (13) is always among them. */
export function drawSdgs(p: { registry: RegistryCode; type: ProjectType }, rng: Rng): number[] {
  if (p.registry !== 'GS') return []
  const { core, extra } = sdgsByScope[p.type.scope]
  const found = new Set<number>([13])
  for (const sdg of lookup(sdgsByType, p.type.name) ?? core) if (rng.chance(0.9)) found.add(sdg)
  for (const sdg of extra) if (rng.chance(0.3)) found.add(sdg)
  return [...found].sort((a, b) => a - b)
}
