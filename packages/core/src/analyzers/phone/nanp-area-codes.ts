// Where each NANP area code (NPA) is: the U.S. state or territory, or the other NANP country.
// Compiled from NANPA's public NPA assignment reports; libphonenumber's metadata stays the authority on whether a code
// is in service, so a code missing here only loses its region name, it is never called unassigned because of this table.

const US_STATES: Readonly<Record<string, string>> = {
  Alabama: "205 251 256 334 659 938",
  Alaska: "907",
  Arizona: "480 520 602 623 928",
  Arkansas: "327 479 501 870",
  California:
    "209 213 279 310 323 341 350 369 408 415 424 442 510 530 559 562 619 626 628 650 657 661 669 707 714 738 747 760 805 818 820 831 837 840 858 909 916 925 949 951",
  Colorado: "303 719 720 748 970 983",
  Connecticut: "203 475 860 959",
  Delaware: "302",
  "District of Columbia": "202 771",
  Florida: "239 305 321 324 352 386 407 448 561 645 656 689 727 728 754 772 786 813 850 863 904 941 954",
  Georgia: "229 404 470 478 678 706 762 770 912 943",
  Hawaii: "808",
  Idaho: "208 986",
  Illinois: "217 224 309 312 331 447 464 618 630 708 730 773 779 815 847 861 872",
  Indiana: "219 260 317 463 574 765 812 930",
  Iowa: "319 515 563 641 712",
  Kansas: "316 620 785 913",
  Kentucky: "270 364 502 606 859",
  Louisiana: "225 318 337 504 985",
  Maine: "207",
  Maryland: "227 240 301 410 443 667",
  Massachusetts: "339 351 413 508 617 774 781 857 978",
  Michigan: "231 248 269 313 517 586 616 679 734 810 906 947 989",
  Minnesota: "218 320 507 612 651 763 924 952",
  Mississippi: "228 601 662 769",
  Missouri: "235 314 417 557 573 636 660 816 975",
  Montana: "406",
  Nebraska: "308 402 531",
  Nevada: "702 725 775",
  "New Hampshire": "603",
  "New Jersey": "201 551 609 640 732 848 856 862 908 973",
  "New Mexico": "505 575",
  "New York": "212 315 329 332 347 363 516 518 585 607 624 631 646 680 716 718 838 845 914 917 929 934",
  "North Carolina": "252 336 472 704 743 828 910 919 980 984",
  "North Dakota": "701",
  Ohio: "216 220 234 283 326 330 380 419 436 440 513 567 614 740 937",
  Oklahoma: "405 539 572 580 918",
  Oregon: "458 503 541 971",
  Pennsylvania: "215 223 267 272 412 445 484 570 582 610 717 724 814 835 878",
  "Rhode Island": "401",
  "South Carolina": "803 821 839 843 854 864",
  "South Dakota": "605",
  Tennessee: "423 615 629 731 865 901 931",
  Texas:
    "210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 903 915 936 940 945 956 972 979",
  Utah: "385 435 801",
  Vermont: "802",
  Virginia: "276 434 540 571 686 703 757 804 826 948",
  Washington: "206 253 360 425 509 564",
  "West Virginia": "304 681",
  Wisconsin: "262 274 353 414 534 608 715 920",
  Wyoming: "307",
};

const US_TERRITORIES: Readonly<Record<string, string>> = {
  "Puerto Rico": "787 939",
  "U.S. Virgin Islands": "340",
  Guam: "671",
  "Northern Mariana Islands": "670",
  "American Samoa": "684",
};

/**
 * NANP members outside the U.S. whose area codes drive "one-ring" and callback scams: a missed call from what looks
 * like a U.S. number, returned at international or premium rates (FTC and FCC consumer alerts name these codes).
 */
const CARIBBEAN_AND_ATLANTIC: Readonly<Record<string, string>> = {
  Anguilla: "264",
  "Antigua and Barbuda": "268",
  Bahamas: "242",
  Barbados: "246",
  Bermuda: "441",
  "British Virgin Islands": "284",
  "Cayman Islands": "345",
  Dominica: "767",
  "Dominican Republic": "809 829 849",
  Grenada: "473",
  Jamaica: "658 876",
  Montserrat: "664",
  "Saint Kitts and Nevis": "869",
  "Saint Lucia": "758",
  "Saint Vincent and the Grenadines": "784",
  "Sint Maarten": "721",
  "Trinidad and Tobago": "868",
  "Turks and Caicos Islands": "649",
};

const CANADA =
  "204 226 236 249 250 257 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 438 450 460 468 474 506 514 519 548 579 581 584 587 604 613 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 879 902 905 942";

export type AreaCodeKind = "us_state" | "us_territory" | "canada" | "caribbean";

export interface AreaCodeInfo {
  readonly region: string;
  readonly kind: AreaCodeKind;
}

function build(): ReadonlyMap<string, AreaCodeInfo> {
  const map = new Map<string, AreaCodeInfo>();
  const add = (table: Readonly<Record<string, string>>, kind: AreaCodeKind): void => {
    for (const [region, codes] of Object.entries(table)) {
      for (const npa of codes.split(" ")) map.set(npa, { region, kind });
    }
  };
  add(US_STATES, "us_state");
  add(US_TERRITORIES, "us_territory");
  add(CARIBBEAN_AND_ATLANTIC, "caribbean");
  add({ Canada: CANADA }, "canada");
  return map;
}

export const NANP_AREA_CODES: ReadonlyMap<string, AreaCodeInfo> = build();

/** Toll-free NPAs in service (822 and 880-887 are reserved for future toll-free use). */
export const TOLL_FREE_NPAS: ReadonlySet<string> = new Set(["800", "833", "844", "855", "866", "877", "888"]);
export const RESERVED_TOLL_FREE_NPAS: ReadonlySet<string> = new Set([
  "822",
  "880",
  "881",
  "882",
  "883",
  "884",
  "885",
  "886",
  "887",
]);
/** 5XX personal communications service codes. */
export const PERSONAL_NPAS: ReadonlySet<string> = new Set([
  "500",
  "521",
  "522",
  "523",
  "524",
  "525",
  "526",
  "527",
  "528",
  "529",
  "532",
  "533",
  "544",
  "566",
  "577",
  "588",
]);
/** Non-geographic service codes that are not dialled as ordinary numbers. */
export const SERVICE_NPAS: Readonly<Record<string, string>> = {
  "456": "inbound international carrier services",
  "600": "Canadian non-geographic services",
  "622": "Canadian non-geographic services",
  "700": "interexchange carrier services",
  "710": "U.S. government special services",
};
