within MyLib;
package Components "Parts the examples are made of"
end Components;
