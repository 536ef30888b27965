within Modelica;
package Thermal "The heat-port interfaces that mechanical components with losses extend"
  package HeatTransfer
    package Interfaces
      import SI = Modelica.Units.SI;

      partial connector HeatPort "Thermal port for 1-dim. heat transfer"
        SI.Temperature T "Port temperature";
        flow SI.HeatFlowRate Q_flow "Heat flow rate (positive if flowing from outside into the component)";
      end HeatPort;

      connector HeatPort_a "Thermal port (filled rectangular icon)"
        extends HeatPort;
      end HeatPort_a;

      connector HeatPort_b "Thermal port (empty rectangular icon)"
        extends HeatPort;
      end HeatPort_b;

      partial model PartialElementaryConditionalHeatPort
        "Partial model to include a conditional HeatPort in order to describe the power loss via a thermal network"
        parameter Boolean useHeatPort = false "= true, if heatPort is enabled" annotation(Evaluate=true);
        parameter SI.Temperature T = 293.15 "Fixed device temperature if useHeatPort = false";
        HeatPort_a heatPort(final T=TheatPort, final Q_flow=-lossPower) if useHeatPort "Optional port to which dissipated losses are transported in form of heat";
        SI.Power lossPower "Loss power leaving component via heatPort (> 0, if heat is flowing out of component)";
      protected
        SI.Temperature TheatPort "Temperature of heatPort";
      end PartialElementaryConditionalHeatPort;

      partial model PartialElementaryConditionalHeatPortWithoutT
        "Partial model to include a conditional HeatPort in order to dissipate losses, used for textual modeling, i.e., for elementary models"
        parameter Boolean useHeatPort = false "= true, if heatPort is enabled" annotation(Evaluate=true);
        HeatPort_a heatPort(final Q_flow=-lossPower) if useHeatPort "Optional port to which dissipated losses are transported in form of heat";
        SI.Power lossPower "Loss power leaving component via heatPort (> 0, if heat is flowing out of component)";
      end PartialElementaryConditionalHeatPortWithoutT;
    end Interfaces;
  end HeatTransfer;
end Thermal;
